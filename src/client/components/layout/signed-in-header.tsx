import { useQuery } from '@tanstack/react-query';
import { Link, NavLink } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { currentUserQueryOptions } from '#client/features/auth/api/auth-api.ts';
import { AccountMenu } from '#client/features/auth/components/account-menu.tsx';
import { useAuthStore } from '#client/lib/auth-store.ts';
import { PreferencesSync } from '#client/features/account/components/preferences-sync.tsx';
import { NotificationBell } from '#client/features/notifications/components/notification-bell.tsx';
import { Logo } from './logo.tsx';
import { MobileMenuButton, MobileMenuPanel, useMobileMenu } from './mobile-menu.tsx';
import { AssistantSlot } from './assistant-slot.tsx';
import { ShortcutsButton } from './shortcuts-button.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

// docs/product/screens.md signed-in header: main nav on large screens, a mobile menu with the same items plus
// History and Saved, Upgrade for non-paid users, the notification bell, the account menu and the theme toggle.

const MAIN_NAV = [
  { label: 'Discover', to: paths.home.href() },
  { label: 'Validate', to: paths.validateIdea.href() },
  { label: 'Trends', to: paths.marketTrends.href() },
  { label: 'Analytics', to: paths.analytics.href() },
];
const MOBILE_NAV = [
  ...MAIN_NAV,
  { label: 'History', to: paths.history.href() },
  { label: 'Saved', to: paths.saved.href() },
];

const navClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium hover:bg-muted ${isActive ? 'text-primary' : ''}`;

export function SignedInHeader() {
  const user = useAuthStore((state) => state.user);
  // Keeps the user (plan, PRO badge, Upgrade button) fresh while signed in.
  useQuery(currentUserQueryOptions());
  const menu = useMobileMenu();
  if (!user) return null;
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
      <PreferencesSync />
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-2">
        <div className="flex items-center gap-4">
          <Logo />
          <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
            {MAIN_NAV.map((item) => (
              <NavLink key={item.to} to={item.to} end className={navClass}>
                {item.label}
              </NavLink>
            ))}
          </nav>
        </div>
        <div className="flex min-w-0 items-center gap-1">
          {user.isPaid ? null : (
            <Button asChild size="sm" className="hidden sm:inline-flex">
              <Link to={paths.subscribe.href()}>Upgrade</Link>
            </Button>
          )}
          {/* Keyboard shortcuts are for keyboards: on phone widths the button would push the menu off-screen. */}
          <ShortcutsButton className="hidden sm:inline-flex" />
          <NotificationBell />
          <ThemeToggle />
          <AccountMenu user={user} />
          <MobileMenuButton menu={menu} hiddenFrom="lg" />
          <AssistantSlot />
        </div>
      </div>
      <MobileMenuPanel menu={menu} hiddenFrom="lg">
        {MOBILE_NAV.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end className={navClass}>
              {item.label}
            </NavLink>
          </li>
        ))}
        {user.isPaid ? null : (
          <li>
            <Button asChild className="w-full">
              <Link to={paths.subscribe.href()}>Upgrade</Link>
            </Button>
          </li>
        )}
      </MobileMenuPanel>
    </header>
  );
}
