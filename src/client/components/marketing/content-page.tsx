import type { ReactNode } from 'react';
import { usePageMeta } from '#client/lib/page-meta.ts';

type ContentPageProps = {
  title: string;
  description: string;
  /** Shown under the heading; defaults to the meta description. */
  lead?: ReactNode;
  updated?: string;
  /** 'wide' for pages with card grids (pricing). */
  width?: 'prose' | 'wide';
  /** Beside the heading: the page's "?" help link, composed by the page. */
  help?: ReactNode;
  children: ReactNode;
};

/** The frame of the informational pages: one h1, a lead paragraph, readable prose below. */
export function ContentPage({ title, description, lead, updated, width = 'prose', help, children }: ContentPageProps) {
  usePageMeta(title, description);
  return (
    <article className={`mx-auto px-4 py-12 sm:py-16 ${width === 'wide' ? 'max-w-6xl' : 'max-w-3xl'}`}>
      <header>
        <div className="flex items-start justify-between gap-2">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
          {help}
        </div>
        <p className="mt-4 text-lg text-muted-foreground">{lead ?? description}</p>
        {updated ? <p className="mt-2 text-sm text-muted-foreground">Last updated {updated}</p> : null}
      </header>
      <div className="prose-content mt-10 space-y-10 leading-relaxed">{children}</div>
    </article>
  );
}
