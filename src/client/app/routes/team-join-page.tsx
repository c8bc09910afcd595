import { useLocation } from 'react-router';
import { InvitationAnswer } from '#client/features/teams/components/invitation-answer.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';

// /teams/join#token=… (issue 18): an invitation link, signed in or out.

export function TeamJoinPage() {
  usePageMeta('Team invitation', 'Accept or decline an invitation to a team on Unbuilt.');
  const token = new URLSearchParams(useLocation().hash.slice(1)).get('token') ?? '';
  return (
    <div className="mx-auto grid max-w-2xl gap-4 px-4 py-10">
      {token ? (
        <InvitationAnswer token={token} />
      ) : (
        <>
          <h1 className="text-3xl font-bold tracking-tight">Team invitation</h1>
          <p role="alert">This invitation link is incomplete. Open the link from the e-mail again.</p>
        </>
      )}
    </div>
  );
}
