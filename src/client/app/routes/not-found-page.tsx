import { Link, useLocation } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';

/** A path that exists in neither route set (a signed-in page opened signed out goes to sign-in instead). */
export function NotFoundPage() {
  const { pathname } = useLocation();
  usePageMeta('Page not found', 'The page you asked for does not exist on Unbuilt.');
  return (
    <section
      aria-labelledby="not-found-title"
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center"
    >
      <p className="text-6xl font-extrabold text-primary" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="mt-4 text-2xl font-bold">
        Page not found
      </h1>
      <p className="mt-3 text-muted-foreground">
        There is no page at <code className="rounded bg-muted px-1 break-all">{pathname}</code>.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to={paths.home.href()}>Go Home</Link>
        </Button>
      </div>
    </section>
  );
}
