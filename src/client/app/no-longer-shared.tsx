import { Link2Off } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';

/** What a teammate sees when a share was revoked, expired, or never included them (the server's 404). */
export function NoLongerShared({ kind }: { kind: 'analysis' | 'idea' }) {
  return (
    <section
      role="alert"
      aria-labelledby="no-longer-shared-title"
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center"
    >
      <Link2Off aria-hidden="true" className="mb-4 size-12 text-muted-foreground" />
      <h1 id="no-longer-shared-title" className="text-2xl font-bold">
        This {kind} is not shared with you
      </h1>
      <p className="mt-3 text-muted-foreground">
        It may have been unshared, its access may have expired, or you may have left the team. Ask the person who shared
        it to share it again.
      </p>
      <Button asChild className="mt-6">
        <Link to={paths.sharedWithMe.href()}>Shared with me</Link>
      </Button>
    </section>
  );
}
