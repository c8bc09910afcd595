import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { Logo } from './logo.tsx';
import { MobileMenuButton, MobileMenuPanel, useMobileMenu } from './mobile-menu.tsx';
import { AssistantSlot } from './assistant-slot.tsx';
import { ShortcutsButton } from './shortcuts-button.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

// The signed-out header (docs/product/screens.md): Sign In and Get Started go to the login and
// register screens, which is where a visitor pressing them expects to land.
export function SignedOutHeader() {
  const menu = useMobileMenu();

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
          <MobileMenuButton menu={menu} hiddenFrom="md" />
          <AssistantSlot />
        </div>
      </div>
      <MobileMenuPanel menu={menu} hiddenFrom="md">
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
      </MobileMenuPanel>
    </header>
  );
}
