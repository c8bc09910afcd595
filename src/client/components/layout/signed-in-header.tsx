import { Logo } from './logo.tsx';
import { ShortcutsButton } from './shortcuts-button.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

// The slot for the signed-in header (spec §2: main nav, Upgrade, account menu, theme toggle). The
// accounts issue replaces this minimal version; the shell renders it whenever a user is signed in.
export function SignedInHeader() {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-2">
        <Logo />
        <div className="flex items-center gap-1">
          <ShortcutsButton />
          <ThemeToggle />
        </div>
      </div>
    </header>
  );
}
