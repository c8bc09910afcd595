import { ChevronDown } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';

/** A collapsible section of the filter panel (docs/product/screens.md: some open by default, some collapsed). */
export function FilterSection({
  title,
  defaultOpen,
  children,
}: {
  title: string;
  defaultOpen: boolean;
  children: ReactNode;
}) {
  const [isOpen, setOpen] = useState(defaultOpen);
  const id = useId();
  return (
    <section className="border-t py-2">
      <h3>
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
          className="flex min-h-11 w-full items-center justify-between text-left font-medium"
        >
          {title}
          <ChevronDown aria-hidden="true" className={isOpen ? 'size-4 rotate-180' : 'size-4'} />
        </button>
      </h3>
      <div id={id} hidden={!isOpen} className="pb-2">
        {children}
      </div>
    </section>
  );
}
