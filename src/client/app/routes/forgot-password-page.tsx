import { ForgotPasswordForm } from '#client/features/auth/components/forgot-password-form.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';

export function ForgotPasswordPage() {
  usePageMeta('Forgot password', 'Get a link to reset your Unbuilt password.');
  return <ForgotPasswordForm />;
}
