import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminUserPageSchema,
  adminUserSchema,
  securityAlertPageSchema,
  securityAlertSchema,
  auditPageSchema,
  type AdminUserAction,
  type AlertTriage,
  type AuditFilter,
} from '#shared/admin/admin.schemas.ts';
import { corpusStateSchema } from '#shared/admin/corpus.schemas.ts';
import { passwordPolicySchema, type PasswordPolicy } from '#shared/admin/settings.schemas.ts';
import {
  flagListSchema,
  flagSchema,
  rolloutPreviewSchema,
  type FlagUpdate,
  type RolloutPreviewInput,
} from '#shared/flags/flags.schemas.ts';
import type { PlanId } from '#shared/plans/plans.constants.ts';
import { saveBlob } from '#client/lib/save-blob.ts';
import { downloadFile, getData, patchData, postData, requestEnvelope } from '#client/lib/api-client.ts';

// /api/admin calls (server: features/admin, flags, billing-admin). Keys start with 'admin'.

export const adminKeys = {
  users: (q: string, page: number) => ['admin', 'users', q, page] as const,
  allUsers: ['admin', 'users'] as const,
  flags: ['admin', 'flags'] as const,
  alerts: (status: string, severity: string, page: number) => ['admin', 'alerts', status, severity, page] as const,
  allAlerts: ['admin', 'alerts'] as const,
  audit: (filter: AuditFilter, page: number) => ['admin', 'audit', filter, page] as const,
  passwordPolicy: ['admin', 'settings', 'password-policy'] as const,
  corpus: ['admin', 'corpus'] as const,
};

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') search.set(key, String(value));
  return search.toString();
}

export function adminUsersQueryOptions(q: string, page: number) {
  return queryOptions({
    queryKey: adminKeys.users(q, page),
    queryFn: () => getData(`/api/admin/users?${query({ q, page })}`, adminUserPageSchema),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: AdminUserAction }) =>
      postData(`/api/admin/users/${String(id)}/${action}`, undefined, adminUserSchema),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.allUsers }),
  });
}

export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, plan }: { id: number; plan: PlanId }) =>
      (
        await requestEnvelope(
          `/api/admin/users/${String(id)}/plan`,
          adminUserSchema.pick({ id: true, plan: true, subscriptionStatus: true }),
          { method: 'PUT', body: { plan } },
        )
      ).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.allUsers }),
  });
}

export function adminFlagsQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.flags,
    queryFn: () => getData('/api/admin/flags', flagListSchema),
    staleTime: 0,
  });
}

export function useSaveFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, update }: { name: string; update: FlagUpdate }) =>
      (
        await requestEnvelope(`/api/admin/flags/${encodeURIComponent(name)}`, flagSchema, {
          method: 'PUT',
          body: update,
        })
      ).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.flags }),
  });
}

export function useRolloutPreview() {
  return useMutation({
    mutationFn: (rules: RolloutPreviewInput) => postData('/api/admin/flags/preview', rules, rolloutPreviewSchema),
  });
}

export function adminAlertsQueryOptions(status: string, severity: string, page: number) {
  return queryOptions({
    queryKey: adminKeys.alerts(status, severity, page),
    queryFn: () => getData(`/api/admin/security-alerts?${query({ status, severity, page })}`, securityAlertPageSchema),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useTriageAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, triage }: { id: number; triage: AlertTriage }) =>
      patchData(`/api/admin/security-alerts/${String(id)}`, triage, securityAlertSchema),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.allAlerts }),
  });
}

export function adminAuditQueryOptions(filter: AuditFilter, page: number) {
  return queryOptions({
    queryKey: adminKeys.audit(filter, page),
    queryFn: () => getData(`/api/admin/audit-logs?${query({ ...filter, page })}`, auditPageSchema),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useExportAudit() {
  return useMutation({
    mutationFn: async (filter: AuditFilter) => {
      const file = await downloadFile(`/api/admin/audit-logs/export.csv?${query(filter)}`);
      saveBlob(file.blob, file.fileName);
      return file.fileName;
    },
  });
}

export function passwordPolicyQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.passwordPolicy,
    queryFn: () => getData('/api/admin/settings/password-policy', passwordPolicySchema),
    staleTime: 0,
  });
}

export function useSavePasswordPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (policy: PasswordPolicy) =>
      (
        await requestEnvelope('/api/admin/settings/password-policy', passwordPolicySchema, {
          method: 'PUT',
          body: policy,
        })
      ).data,
    onSuccess: (policy) => queryClient.setQueryData(adminKeys.passwordPolicy, policy),
  });
}

/** The corpus in use, the one building and the last refresh: polled every 2 s while one is building. */
export function corpusStateQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.corpus,
    queryFn: () => getData('/api/admin/corpus', corpusStateSchema),
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.building ? 2_000 : false),
  });
}

export function useRefreshCorpus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => postData('/api/admin/corpus/refresh', undefined, corpusStateSchema),
    onSuccess: (state) => queryClient.setQueryData(adminKeys.corpus, state),
  });
}
