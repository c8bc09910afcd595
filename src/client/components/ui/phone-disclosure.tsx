import { ChevronDown } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { clsx as cn } from 'clsx';
import { Button } from './button.tsx';

/**
 * Controls that sit in the open on wider screens and behind one toggle on a phone (below `sm`, 640 px), so a
 * phone shows the content first (issue 29: a dozen buttons stood above the first result at 390 px). The
 * toggle is a real button with aria-expanded and aria-controls; on wider screens it is not rendered visibly
 * and the content always shows.
 */
export function PhoneDisclosure({
  label,
  className,
  children,
}: {
  /** The toggle's text, e.g. "Save, share and export". */
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const [isOpen, setOpen] = useState(false);
  const id = useId();
  return (
    <div className={className}>
      <Button
        variant="outline"
        className="w-full justify-between sm:hidden"
        aria-expanded={isOpen}
        aria-controls={id}
        onClick={() => setOpen((open) => !open)}
      >
        {label}
        <ChevronDown aria-hidden="true" className={cn('transition-transform', isOpen && 'rotate-180')} />
      </Button>
      <div id={id} className={cn(isOpen ? 'mt-3 block' : 'hidden', 'sm:mt-0 sm:block')}>
        {children}
      </div>
    </div>
  );
}
