import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { publicUserSchema, type PublicUser } from '#shared/auth/user.schemas.ts';
import {
  billingConfigSchema,
  checkoutResponseSchema,
  contactResponseSchema,
  demoCheckoutCompletedSchema,
  demoCheckoutSchema,
  invoiceListSchema,
  portalResponseSchema,
  subscriptionViewSchema,
  trialActivateResponseSchema,
  type ContactRequest,
  type PaidPlanId,
  type SubscriptionView,
} from '#shared/billing/billing.schemas.ts';
import { getData, postData } from '#client/lib/api-client.ts';
import { useAuthStore } from '#client/lib/auth-store.ts';
import { sharedQueryRoots } from '#client/lib/query-keys.ts';

// Every call of the billing feature: /api/billing, /api/trial and /api/contact. Keys start with
// 'billing'; anything that can change the plan also refreshes the signed-in user (badge, menu).

const billingKeys = {
  all: ['billing'] as const,
  config: () => ['billing', 'config'] as const,
  subscription: () => ['billing', 'subscription'] as const,
  invoices: () => ['billing', 'invoices'] as const,
  demoCheckout: (sessionId: string) => ['billing', 'demo-checkout', sessionId] as const,
};

export function billingConfigQueryOptions() {
  return queryOptions({
    queryKey: billingKeys.config(),
    queryFn: () => getData('/api/billing/config', billingConfigSchema),
  });
}

export function fetchSubscription(): Promise<SubscriptionView> {
  return getData('/api/billing/subscription', subscriptionViewSchema);
}

export function subscriptionQueryOptions() {
  return queryOptions({ queryKey: billingKeys.subscription(), queryFn: fetchSubscription });
}

export function invoicesQueryOptions() {
  return queryOptions({
    queryKey: billingKeys.invoices(),
    queryFn: async () => (await getData('/api/billing/invoices', invoiceListSchema)).invoices,
  });
}

export function demoCheckoutQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: billingKeys.demoCheckout(sessionId),
    queryFn: () => getData(`/api/billing/demo-checkout/${encodeURIComponent(sessionId)}`, demoCheckoutSchema),
  });
}

/** Reloads the signed-in user from the server (its plan is computed there). */
export async function refreshCurrentUser(): Promise<PublicUser> {
  const user = await getData('/api/auth/profile', publicUserSchema);
  useAuthStore.getState().setUser(user);
  return user;
}

function useRefreshBilling() {
  const queryClient = useQueryClient();
  return async () => {
    await refreshCurrentUser();
    await queryClient.invalidateQueries({ queryKey: billingKeys.all });
    // The search quota and the history window depend on the plan (tier-based features follow the
    // refreshed user above).
    await queryClient.invalidateQueries({ queryKey: sharedQueryRoots.usage });
    await queryClient.invalidateQueries({ queryKey: sharedQueryRoots.searches });
  };
}

export function useStartCheckout() {
  return useMutation({
    mutationFn: (plan: PaidPlanId) => postData('/api/billing/checkout', { plan }, checkoutResponseSchema),
  });
}

export function useCompleteDemoCheckout(sessionId: string) {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: () =>
      postData(
        `/api/billing/demo-checkout/${encodeURIComponent(sessionId)}/complete`,
        undefined,
        demoCheckoutCompletedSchema,
      ),
    onSuccess: refresh,
  });
}

export type SubscriptionAction = { kind: 'cancel' } | { kind: 'resume' } | { kind: 'change'; plan: PaidPlanId };

export function useSubscriptionAction() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (action: SubscriptionAction) =>
      action.kind === 'change'
        ? postData('/api/billing/subscription/change', { plan: action.plan }, subscriptionViewSchema)
        : postData(`/api/billing/subscription/${action.kind}`, undefined, subscriptionViewSchema),
    onSuccess: refresh,
  });
}

export function useOpenPortal() {
  return useMutation({
    mutationFn: async () => {
      const { url } = await postData('/api/billing/portal', undefined, portalResponseSchema);
      window.location.assign(url);
    },
  });
}

export function useActivateTrial() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (email: string) => postData('/api/trial/activate', { email }, trialActivateResponseSchema),
    onSuccess: refresh,
  });
}

export function useContactSales() {
  return useMutation({
    mutationFn: (request: ContactRequest) => postData('/api/contact', request, contactResponseSchema),
  });
}
