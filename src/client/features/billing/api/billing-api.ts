import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiSuccessBody } from '#shared/api/errors.ts';
import type { PublicUser } from '#shared/auth/user.schemas.ts';
import type {
  CheckoutResponse,
  ContactRequest,
  DemoCheckout,
  Invoice,
  PaidPlanId,
  PaymentProviderName,
  SubscriptionView,
} from '#shared/billing/billing.schemas.ts';
import type { PlanId } from '#shared/plans/plans.constants.ts';
import { api } from '#client/lib/api-client.ts';
import { useAuthStore } from '#client/features/auth/stores/auth-store.ts';

// Every call of the billing feature: /api/billing, /api/trial and /api/contact. Keys start with
// 'billing'; anything that can change the plan also refreshes the signed-in user (badge, menu).

export type BillingConfig = { provider: PaymentProviderName; enterpriseCheckout: boolean };

export const billingKeys = {
  all: ['billing'] as const,
  config: () => ['billing', 'config'] as const,
  subscription: () => ['billing', 'subscription'] as const,
  invoices: () => ['billing', 'invoices'] as const,
  demoCheckout: (sessionId: string) => ['billing', 'demo-checkout', sessionId] as const,
};

async function data<T>(promise: Promise<ApiSuccessBody<T>>): Promise<T> {
  return (await promise).data;
}

export function billingConfigQueryOptions() {
  return queryOptions({
    queryKey: billingKeys.config(),
    queryFn: () => data(api.get<ApiSuccessBody<BillingConfig>>('/api/billing/config')),
  });
}

export function fetchSubscription(): Promise<SubscriptionView> {
  return data(api.get<ApiSuccessBody<SubscriptionView>>('/api/billing/subscription'));
}

export function subscriptionQueryOptions() {
  return queryOptions({ queryKey: billingKeys.subscription(), queryFn: fetchSubscription });
}

export function invoicesQueryOptions() {
  return queryOptions({
    queryKey: billingKeys.invoices(),
    queryFn: async () =>
      (await data(api.get<ApiSuccessBody<{ invoices: Invoice[] }>>('/api/billing/invoices'))).invoices,
  });
}

export function demoCheckoutQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: billingKeys.demoCheckout(sessionId),
    queryFn: () =>
      data(api.get<ApiSuccessBody<DemoCheckout>>(`/api/billing/demo-checkout/${encodeURIComponent(sessionId)}`)),
  });
}

/** Reloads the signed-in user from the server (its plan is computed there). */
export async function refreshCurrentUser(): Promise<PublicUser> {
  const user = await data(api.get<ApiSuccessBody<PublicUser>>('/api/auth/profile'));
  useAuthStore.getState().setUser(user);
  return user;
}

function useRefreshBilling() {
  const queryClient = useQueryClient();
  return async () => {
    await refreshCurrentUser();
    await queryClient.invalidateQueries({ queryKey: billingKeys.all });
    // The search quota, history window and tier-based feature flags depend on the plan.
    await queryClient.invalidateQueries({ queryKey: ['searches'] });
    await queryClient.invalidateQueries({ queryKey: ['flags'] });
  };
}

export function useStartCheckout() {
  return useMutation({
    mutationFn: (plan: PaidPlanId) =>
      data(api.post<ApiSuccessBody<CheckoutResponse>>('/api/billing/checkout', { plan })),
  });
}

export function useCompleteDemoCheckout(sessionId: string) {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: () =>
      data(
        api.post<ApiSuccessBody<{ plan: PaidPlanId }>>(
          `/api/billing/demo-checkout/${encodeURIComponent(sessionId)}/complete`,
        ),
      ),
    onSuccess: refresh,
  });
}

export type SubscriptionAction = { kind: 'cancel' } | { kind: 'resume' } | { kind: 'change'; plan: PaidPlanId };

export function useSubscriptionAction() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (action: SubscriptionAction) =>
      data(
        action.kind === 'change'
          ? api.post<ApiSuccessBody<SubscriptionView>>('/api/billing/subscription/change', { plan: action.plan })
          : api.post<ApiSuccessBody<SubscriptionView>>(`/api/billing/subscription/${action.kind}`),
      ),
    onSuccess: refresh,
  });
}

export function useOpenPortal() {
  return useMutation({
    mutationFn: async () => {
      const { url } = await data(api.post<ApiSuccessBody<{ url: string }>>('/api/billing/portal'));
      window.location.assign(url);
    },
  });
}

export function useActivateTrial() {
  const refresh = useRefreshBilling();
  return useMutation({
    mutationFn: (email: string) =>
      data(api.post<ApiSuccessBody<{ plan: PlanId; trialExpiration: string }>>('/api/trial/activate', { email })),
    onSuccess: refresh,
  });
}

export function useContactSales() {
  return useMutation({
    mutationFn: (request: ContactRequest) => data(api.post<ApiSuccessBody<{ id: number }>>('/api/contact', request)),
  });
}
