import { useParams } from 'react-router';
import { DemoCheckout } from '#client/features/billing/components/demo-checkout.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';

/** /billing/demo-checkout/:sessionId: the demo payment provider's checkout (no card charged). */
export function DemoCheckoutPage() {
  usePageMeta('Demo checkout', 'Demo checkout: no card is charged.');
  const { sessionId = '' } = useParams();
  return (
    <div className="mx-auto grid max-w-xl gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold">Checkout</h1>
      <DemoCheckout sessionId={sessionId} />
    </div>
  );
}
