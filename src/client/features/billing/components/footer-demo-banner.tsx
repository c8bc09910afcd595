import { useQuery } from '@tanstack/react-query';
import { billingConfigQueryOptions } from '#client/features/billing/api/billing-api.ts';
import { DemoModeNotice } from './demo-mode-notice.tsx';

/**
 * The footer's "Demo payments" notice when the installation runs the demo provider on purpose. Its
 * own chunk, loaded by the footer after the first paint: the billing API module brings zod and the
 * billing schemas, which the landing page must not carry.
 */
export function FooterDemoBanner() {
  const billing = useQuery({ ...billingConfigQueryOptions(), staleTime: Infinity });
  return billing.data?.demoBanner ? (
    <DemoModeNotice className="mx-auto mt-6 max-w-6xl rounded-none sm:rounded-md" />
  ) : null;
}
