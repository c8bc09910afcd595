import { LoginForm } from '#client/features/auth/components/login-form.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';

export function LoginPage() {
  usePageMeta('Sign in', 'Sign in to Unbuilt to search for market gaps.');
  return <LoginForm />;
}
