import { CheckoutSuccess } from '#client/features/billing/components/checkout-success.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';

/** /subscription/success: where checkout returns. */
export function SubscriptionSuccessPage() {
  usePageMeta('Subscription confirmed', 'Your Unbuilt subscription.');
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="sr-only">Subscription</h1>
      <CheckoutSuccess />
    </div>
  );
}
