import { Crown } from 'lucide-react';
import { Link } from 'react-router';
import { PLANS } from '#shared/plans/plans.constants.ts';
import { fullName } from '#shared/auth/display-name.ts';
import type { PublicUser } from '#shared/auth/user.schemas.ts';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { formatDate } from '#client/lib/format.ts';

export function ProfileSummary({ user }: { user: PublicUser }) {
  const rows: [string, string][] = [
    ['Name', fullName(user)],
    ['Email', user.email],
    ['Plan', PLANS[user.plan].name],
    ['Member since', formatDate(user.createdAt)],
  ];
  return (
    <div className="mx-auto grid max-w-2xl gap-6 px-4 py-10">
      <div className="flex items-center gap-4">
        {user.avatar ? (
          <img
            src={user.avatar}
            alt=""
            className="size-16 rounded-full border object-cover"
            referrerPolicy="no-referrer"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-16 items-center justify-center rounded-full bg-accent text-2xl font-semibold text-accent-foreground"
          >
            {fullName(user).slice(0, 1).toUpperCase()}
          </span>
        )}
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-bold">
            {fullName(user)}
            {user.isPaid ? <Crown aria-label="Pro member" className="size-5 text-amber-500" /> : null}
          </h1>
          <p className="text-sm text-muted-foreground">{user.email}</p>
        </div>
      </div>
      <dl className="grid gap-3 rounded-lg border bg-card p-6 sm:grid-cols-[10rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-sm font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to={paths.profileEdit.href()}>Edit profile</Link>
        </Button>
        <Button variant="outline" asChild>
          <Link to={paths.changePassword.href()}>Change password</Link>
        </Button>
        <Button variant="outline" asChild>
          <Link to={paths.account.href()}>Settings</Link>
        </Button>
      </div>
    </div>
  );
}
