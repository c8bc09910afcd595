import { Menu, X } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { useEscapeToClose } from '#client/components/ui/overlay-focus.ts';

// The headers' mobile menu: a toggle button and a panel below the header bar. The menu belongs to
// the page it was opened on, so navigating closes it; Escape closes it and returns focus to the toggle.

// Literal class names so Tailwind sees them.
const HIDDEN_FROM = { md: 'md:hidden', lg: 'lg:hidden' } as const;
type Breakpoint = keyof typeof HIDDEN_FROM;

export type MobileMenuState = {
  menuId: string;
  isOpen: boolean;
  setOpen: (isOpen: boolean) => void;
};

const toggleId = (menuId: string) => `${menuId}-toggle`;

export function useMobileMenu(): MobileMenuState {
  const menuId = useId();
  const { pathname } = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  return {
    menuId,
    isOpen: openAt === pathname,
    setOpen: (isOpen) => setOpenAt(isOpen ? pathname : null),
  };
}

export function MobileMenuButton({ menu, hiddenFrom }: { menu: MobileMenuState; hiddenFrom: Breakpoint }) {
  return (
    <Button
      id={toggleId(menu.menuId)}
      variant="ghost"
      size="icon"
      className={HIDDEN_FROM[hiddenFrom]}
      aria-expanded={menu.isOpen}
      aria-controls={menu.menuId}
      aria-label={menu.isOpen ? 'Close menu' : 'Open menu'}
      onClick={() => menu.setOpen(!menu.isOpen)}
    >
      {menu.isOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
    </Button>
  );
}

export function MobileMenuPanel({
  menu,
  hiddenFrom,
  children,
}: {
  menu: MobileMenuState;
  hiddenFrom: Breakpoint;
  children: ReactNode;
}) {
  // Escape closes the menu wherever focus is (on the toggle just pressed, or inside the menu).
  useEscapeToClose(menu.isOpen, () => {
    menu.setOpen(false);
    document.getElementById(toggleId(menu.menuId))?.focus();
  });
  if (!menu.isOpen) return null;
  return (
    <nav id={menu.menuId} aria-label="Mobile" className={`border-t px-4 pb-4 ${HIDDEN_FROM[hiddenFrom]}`}>
      <ul className="flex flex-col gap-1 pt-2">{children}</ul>
    </nav>
  );
}
