import { Spinner } from '#client/components/ui/spinner.tsx';

export const DEFAULT_LOADING_TITLE = 'Analyzing Gaps...';
export const DEFAULT_LOADING_MESSAGE = "Our AI is scanning existing solutions to find what's missing";

type LoadingOverlayProps = { title?: string; message?: string; isVisible?: boolean };

/** The generic full-screen loading overlay (docs/product/screens.md); the home page passes 'Analyzing Market Gaps'. */
export function LoadingOverlay({
  title = DEFAULT_LOADING_TITLE,
  message = DEFAULT_LOADING_MESSAGE,
  isVisible = true,
}: LoadingOverlayProps) {
  if (!isVisible) return null;
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-busy="true"
      aria-labelledby="loading-overlay-title"
      aria-describedby="loading-overlay-message"
      className="fixed inset-0 z-50 flex items-center justify-center bg-background/90 p-4 backdrop-blur-sm"
    >
      <div className="flex max-w-sm flex-col items-center text-center">
        <Spinner label={title} />
        <h2 id="loading-overlay-title" className="mt-4 text-xl font-semibold">
          {title}
        </h2>
        <p id="loading-overlay-message" className="mt-2 text-muted-foreground">
          {message}
        </p>
      </div>
    </div>
  );
}
