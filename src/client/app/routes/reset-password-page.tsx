import { ResetPasswordForm } from '#client/features/auth/components/reset-password-form.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';

export function ResetPasswordPage() {
  usePageMeta('Reset password', 'Choose a new password for your Unbuilt account.');
  return <ResetPasswordForm />;
}
