import { Construction } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';

/** An honest stand-in for a page another issue is building: the route exists, the screen does not yet. */
export function BeingBuiltPage({ title }: { title: string }) {
  usePageMeta(title, `${title} — this page of Unbuilt is being built.`);
  return (
    <section
      aria-labelledby="being-built-title"
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center"
    >
      <Construction aria-hidden="true" className="mb-4 size-12 text-muted-foreground" />
      <h1 id="being-built-title" className="text-2xl font-bold">
        {title}
      </h1>
      <p className="mt-3 text-muted-foreground">This page is being built. It is not available yet.</p>
      <Button asChild variant="outline" className="mt-6">
        <Link to={paths.home.href()}>Go Home</Link>
      </Button>
    </section>
  );
}
