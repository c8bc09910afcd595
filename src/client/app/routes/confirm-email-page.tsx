import { ConfirmRegistration } from '#client/features/auth/components/confirm-registration.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';

export function ConfirmEmailPage() {
  usePageMeta(
    'Finish creating your account',
    'Open the link from your e-mail to finish creating your Unbuilt account.',
  );
  return <ConfirmRegistration />;
}
