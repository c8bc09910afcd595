import { Link } from 'react-router';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { useAuthStore } from '#client/lib/auth-store.ts';
import { SubscriptionOverview } from '#client/features/billing/components/subscription-overview.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';

/** /billing: for paid plans only (docs/product/screens.md, plans.md). */
export function BillingPage() {
  usePageMeta('Billing', 'Your plan, renewal date, invoices and subscription changes.');
  const isPaid = useAuthStore((state) => state.user?.isPaid ?? false);
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold">Billing</h1>
      {isPaid ? (
        <SubscriptionOverview />
      ) : (
        <div className="grid gap-3 rounded-xl border bg-card p-6">
          <p>Billing is available on paid plans. You are on the Free plan.</p>
          <Link to={paths.subscribe.href()} className={buttonVariants({ className: 'w-fit' })}>
            Upgrade to Pro
          </Link>
        </div>
      )}
    </div>
  );
}
