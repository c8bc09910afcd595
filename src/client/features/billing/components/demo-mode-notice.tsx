import { FlaskConical } from 'lucide-react';

/** Said plainly wherever the demo payment provider is in use: nothing is charged. */
export function DemoModeNotice({ className }: { className?: string }) {
  return (
    <div
      role="note"
      className={`flex gap-3 rounded-md border border-amber-500/50 bg-amber-500/10 px-4 py-3 text-sm ${className ?? ''}`}
    >
      <FlaskConical aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p>
        <strong>Demo payments.</strong> This installation uses the built-in demo payment provider: no card is charged
        and no payment details are collected. Subscriptions made here are for trying the app.
      </p>
    </div>
  );
}
