import { useLocation } from 'react-router';
import { UnsubscribeConfirm } from '#client/features/notifications/components/unsubscribe-confirm.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';

// /unsubscribe#token=… (ADR 027): a notification e-mail's unsubscribe link, signed in or out. Opening
// it changes nothing (mail scanners open links); the button does.

export function UnsubscribePage() {
  usePageMeta('Unsubscribe', 'Stop notification e-mails from Unbuilt.');
  const token = new URLSearchParams(useLocation().hash.slice(1)).get('token') ?? '';
  return (
    <div className="mx-auto grid max-w-2xl gap-4 px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">Notification e-mails</h1>
      {token ? (
        <UnsubscribeConfirm token={token} />
      ) : (
        <p role="alert">This unsubscribe link is incomplete. Open the link from the e-mail again.</p>
      )}
    </div>
  );
}
