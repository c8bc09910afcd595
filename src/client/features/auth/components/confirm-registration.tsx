import { Link, useLocation, useNavigate } from 'react-router';
import { FormAlert } from '#client/components/form/form-alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { textLinkClass } from '#client/components/ui/text-link.ts';
import { paths } from '#client/config/paths.ts';
import { redirectTarget } from '#client/lib/redirect-target.ts';
import { useConfirmRegistration } from '../api/auth-api.ts';
import { AuthCard } from './auth-card.tsx';

/**
 * The registration e-mail's link (docs/decisions/034). The account is created by a button, not on
 * load: mail scanners that open links must not use them up.
 */
export function ConfirmRegistration() {
  const navigate = useNavigate();
  const { hash, search } = useLocation();
  // The token rides in the fragment (never sent to a server or a Referer).
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
  const confirm = useConfirmRegistration({
    onSignedIn: () => void navigate(redirectTarget(search, paths.home.href()), { replace: true }),
  });

  return (
    <AuthCard title="Finish creating your account" description="One click and you are signed in.">
      {!token ? <FormAlert>This link is incomplete. Open the link from the e-mail again.</FormAlert> : null}
      {confirm.isError ? <FormAlert>{confirm.error.message}</FormAlert> : null}
      <Button type="button" disabled={!token || confirm.isPending} onClick={() => confirm.mutate({ token })}>
        {confirm.isPending ? 'Creating account…' : 'Create My Account'}
      </Button>
      <p className="text-center text-sm">
        <Link className={textLinkClass} to={paths.register.href()}>
          Register again
        </Link>
      </p>
    </AuthCard>
  );
}
