import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { useUnsubscribe } from '../api/notifications-api.ts';

// The unsubscribe page's one action: stop notification e-mails for the account the link was signed
// for (no sign-in needed). In-app notifications and account e-mails (sign-in, password, billing) go on.

export function UnsubscribeConfirm({ token }: { token: string }) {
  const unsubscribe = useUnsubscribe();
  if (unsubscribe.isSuccess) {
    return (
      <div className="grid gap-3">
        <p role="status">
          Done: {unsubscribe.data.email} gets no more notification e-mails. You still see notifications in the app,
          under the bell.
        </p>
        <p>
          Changed your mind? Choose how often to hear from us in{' '}
          <Link to={paths.account.href('notifications')} className="text-primary underline underline-offset-4">
            Settings
          </Link>{' '}
          after signing in.
        </p>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <p>
        Stop e-mails about mentions, replies, shares and your teams for this account? Account e-mails (sign-in,
        password, billing) are not affected.
      </p>
      {unsubscribe.isError ? (
        <p role="alert" className="text-destructive">
          {unsubscribe.error.message}
        </p>
      ) : null}
      <div>
        <Button type="button" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
          Unsubscribe from notification e-mails
        </Button>
      </div>
    </div>
  );
}
