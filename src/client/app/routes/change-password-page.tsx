import { ChangePasswordForm } from '#client/features/auth/components/change-password-form.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';

export function ChangePasswordPage() {
  usePageMeta('Change password', 'Change your Unbuilt password.');
  return <ChangePasswordForm />;
}
