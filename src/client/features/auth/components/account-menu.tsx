import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, Crown, UserRound } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { fullName } from '#shared/auth/display-name.ts';
import type { PublicUser } from '#shared/auth/user.schemas.ts';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { useLogout } from '../api/auth-api.ts';

// docs/product/screens.md account menu: the full name (src/shared/auth/display-name.ts), PRO badge for paid plans, and its entries.

const itemClass =
  'flex min-h-11 cursor-pointer items-center rounded-sm px-3 text-sm outline-none data-[highlighted]:bg-muted';

export function AccountMenu({ user }: { user: PublicUser }) {
  const navigate = useNavigate();
  const logout = useLogout();
  const entries = [
    { label: 'Saved', to: paths.saved.href() },
    { label: 'History', to: paths.history.href() },
    { label: 'Market Research', to: paths.marketResearch.href() },
    { label: 'Trending Now', to: paths.trending.href() },
    { label: 'Teams', to: paths.teams.href() },
    { label: 'Shared with me', to: paths.sharedWithMe.href() },
    { label: 'Settings', to: paths.account.href() },
    user.isPaid
      ? { label: 'Billing', to: paths.billing.href() }
      : { label: 'Upgrade to Pro', to: paths.subscribe.href() },
    { label: 'Help & Support', to: paths.help.href() },
    ...(user.role === 'admin' ? [{ label: 'Admin', to: paths.admin.href() }] : []),
  ];
  // Navigate first: clearing the session unmounts this menu, so a callback after it would never run.
  const signOut = () => {
    void navigate(paths.home.href());
    logout.mutate();
  };
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" className="min-w-0 px-2 sm:px-4" aria-label={`Account menu for ${fullName(user)}`}>
          {/* On a phone the bell and a plan badge leave room for one letter of the name ("A…"): a person
              icon there instead; the button's label still names the user. */}
          <UserRound aria-hidden="true" className="sm:hidden" />
          <span className="hidden max-w-40 truncate sm:inline">{fullName(user)}</span>
          {user.isPaid ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
              <Crown aria-hidden="true" className="size-3" />
              {user.plan === 'enterprise' ? 'ENTERPRISE' : 'PRO'}
            </span>
          ) : null}
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-56 rounded-md border bg-card p-1 text-card-foreground shadow-lg"
        >
          <DropdownMenu.Label className="truncate px-3 py-2 text-xs text-muted-foreground">
            {user.email}
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          {entries.map((entry) => (
            <DropdownMenu.Item key={entry.label} asChild className={itemClass}>
              <Link to={entry.to}>{entry.label}</Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={itemClass} onSelect={signOut}>
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
