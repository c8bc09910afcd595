import { RegisterForm } from '#client/features/auth/components/register-form.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';

export function RegisterPage() {
  usePageMeta('Create your account', 'Create an Unbuilt account and start finding market gaps.');
  return <RegisterForm />;
}
