import { TOAST_DURATION_MS } from '#shared/app/app.constants.ts';

// docs/product/states.md toast variants over sonner (the <Toaster> in the shell caps visible toasts at 5). sonner is
// loaded on first use so it stays out of the landing page's initial JavaScript; a toast raised before
// the Toaster mounts is shown when it does (sonner replays active toasts to a new subscriber).
export type ToastVariant = 'default' | 'destructive' | 'success' | 'error' | 'warning' | 'info';

export type ToastOptions = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  durationMs?: number;
};

type Sonner = typeof import('sonner');
let sonnerModule: Promise<Sonner> | null = null;

export function loadSonner(): Promise<Sonner> {
  sonnerModule ??= import('sonner');
  return sonnerModule;
}

export async function toast({
  title,
  description,
  variant = 'default',
  durationMs = TOAST_DURATION_MS,
}: ToastOptions): Promise<void> {
  const { toast: sonner } = await loadSonner();
  const options = { description, duration: durationMs };
  switch (variant) {
    case 'success':
      sonner.success(title, options);
      return;
    case 'error':
      sonner.error(title, options);
      return;
    case 'destructive':
      // As urgent as "error", drawn in the destructive colour.
      sonner.error(title, { ...options, className: 'toast-destructive' });
      return;
    case 'warning':
      sonner.warning(title, options);
      return;
    case 'info':
      sonner.info(title, options);
      return;
    default:
      sonner(title, options);
  }
}
