import { Link, useParams } from 'react-router';
import { textLinkClass } from '#client/components/ui/text-link.ts';
import { paths } from '#client/config/paths.ts';
import { TeamDetailView } from '#client/features/teams/components/team-detail.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';

// /teams/:id (issue 18): one team's members, invitations and management.

export function TeamPage() {
  usePageMeta('Team', 'Members, roles and invitations of a team.');
  const id = Number(useParams().id);
  return (
    <div className="mx-auto grid max-w-3xl gap-4 px-4 py-10">
      <Link to={paths.teams.href()} className={textLinkClass}>
        ← All teams
      </Link>
      <TeamDetailView key={id} teamId={id} />
    </div>
  );
}
