import { PlansContent } from '#client/features/billing/components/plans-content.tsx';
import { PLANS_TITLE } from '#client/features/billing/plans-copy.ts';
import { useAuthStore } from '#client/lib/auth-store.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';

/** /auth/upgrade: where a search lands when the quota is used up; the plans dialog's content as a page. */
export function UpgradePage() {
  usePageMeta('Upgrade', 'Choose a plan to keep searching.');
  const plan = useAuthStore((s) => s.user?.plan ?? 'free');
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-bold">{PLANS_TITLE}</h1>
      {plan === 'free' ? (
        <p className="mt-2 text-muted-foreground">
          You&apos;ve used all your free searches this month. Upgrade to continue searching.
        </p>
      ) : null}
      <div className="mt-6">
        <PlansContent currentPlan={plan} />
      </div>
    </div>
  );
}
