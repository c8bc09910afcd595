import { AlertTriangle } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { errorScreenMessage, SUPPORT_LINE } from './error-messages.ts';

type ErrorScreenProps = { error: unknown; onRetry: () => void };

/** docs/product/screens.md, errors.md error screen. "Go Home" is a full navigation so a broken app state is dropped too. */
export function ErrorScreen({ error, onRetry }: ErrorScreenProps) {
  return (
    <section
      role="alert"
      aria-labelledby="error-screen-title"
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center"
    >
      <AlertTriangle aria-hidden="true" className="mb-4 size-12 text-destructive" />
      <h1 id="error-screen-title" className="text-2xl font-bold">
        Oops! Something went wrong
      </h1>
      <p className="mt-3 text-muted-foreground">{errorScreenMessage(error)}</p>
      <p className="mt-2 text-sm text-muted-foreground">{SUPPORT_LINE}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button onClick={onRetry}>Try Again</Button>
        <Button variant="outline" asChild>
          <a href={paths.home.href()}>Go Home</a>
        </Button>
      </div>
    </section>
  );
}
