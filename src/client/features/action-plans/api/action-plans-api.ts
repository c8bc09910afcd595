import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  planListSchema,
  planSchema,
  planTemplateListSchema,
  progressHistorySchema,
  type ActionPlanDto,
  type CreatePlanInput,
  type UpdateTaskInput,
} from '#shared/action-plans/action-plans.schemas.ts';
import { downloadFile, getData, patchData, postData, requestEnvelope } from '#client/lib/api-client.ts';
import { ApiError } from '#client/lib/api-error.ts';
import { saveBlob } from '#client/lib/save-blob.ts';
import { toast } from '#client/lib/toast.ts';

// /api/action-plans, /api/plan-phases, /api/plan-tasks: queries and writes; keys start with 'action-plans'.
// Every write answers with the whole plan at its new version, which replaces the cached one; a 409
// (another tab changed the plan) reloads it and says so.

export const actionPlanKeys = {
  all: ['action-plans'] as const,
  list: () => ['action-plans', 'list'] as const,
  plan: (id: number) => ['action-plans', 'plan', id] as const,
  progress: (id: number) => ['action-plans', 'progress', id] as const,
  example: (ideaId: number | null, searchResultId: number | null) =>
    ['action-plans', 'example', ideaId, searchResultId] as const,
  templates: () => ['action-plans', 'templates'] as const,
};

export function planListQueryOptions() {
  return queryOptions({ queryKey: actionPlanKeys.list(), queryFn: () => getData('/api/action-plans', planListSchema) });
}

export function planQueryOptions(id: number) {
  return queryOptions({
    queryKey: actionPlanKeys.plan(id),
    queryFn: () => getData(`/api/action-plans/${id}`, planSchema),
  });
}

export function progressQueryOptions(id: number) {
  return queryOptions({
    queryKey: actionPlanKeys.progress(id),
    queryFn: () => getData(`/api/action-plans/${id}/progress`, progressHistorySchema),
  });
}

/** The example plan of an idea or an opportunity (neither: of the latest analysis). */
export function examplePlanQueryOptions(source: { ideaId: number | null; searchResultId: number | null }) {
  const query = source.ideaId
    ? `?ideaId=${source.ideaId}`
    : source.searchResultId
      ? `?searchResultId=${source.searchResultId}`
      : '';
  return queryOptions({
    queryKey: actionPlanKeys.example(source.ideaId, source.searchResultId),
    queryFn: () => getData(`/api/action-plans/example${query}`, planSchema),
  });
}

export function templatesQueryOptions() {
  return queryOptions({
    queryKey: actionPlanKeys.templates(),
    queryFn: () => getData('/api/action-plans/templates', planTemplateListSchema),
  });
}

export function useCreatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePlanInput) => postData('/api/action-plans', input, planSchema),
    onSuccess: (plan) => {
      queryClient.setQueryData(actionPlanKeys.plan(plan.id), plan);
      void queryClient.invalidateQueries({ queryKey: actionPlanKeys.list() });
    },
  });
}

export type PlanWrite =
  | { kind: 'plan'; body: { title?: string; status?: ActionPlanDto['status'] } }
  | { kind: 'task'; taskId: number; body: Omit<UpdateTaskInput, 'version'> }
  | { kind: 'delete-task'; taskId: number }
  | { kind: 'add-task'; phaseId: number; body: { title: string; estimatedTime?: string } }
  | { kind: 'add-phase'; body: { name: string } }
  | { kind: 'phase'; phaseId: number; body: { name?: string; order?: number } }
  | { kind: 'delete-phase'; phaseId: number }
  | { kind: 'reorder-tasks'; phaseId: number; taskIds: number[] };

function send(plan: ActionPlanDto, write: PlanWrite): Promise<ActionPlanDto> {
  const version = plan.version;
  switch (write.kind) {
    case 'plan':
      return patchData(`/api/action-plans/${plan.id}`, { version, ...write.body }, planSchema);
    case 'task':
      return patchData(`/api/plan-tasks/${write.taskId}`, { version, ...write.body }, planSchema);
    case 'delete-task':
      return requestEnvelope(`/api/plan-tasks/${write.taskId}`, planSchema, {
        method: 'DELETE',
        body: { version },
      }).then((r) => r.data);
    case 'add-task':
      return postData(`/api/plan-phases/${write.phaseId}/tasks`, { version, ...write.body }, planSchema);
    case 'add-phase':
      return postData(`/api/action-plans/${plan.id}/phases`, { version, ...write.body }, planSchema);
    case 'phase':
      return patchData(`/api/plan-phases/${write.phaseId}`, { version, ...write.body }, planSchema);
    case 'delete-phase':
      return requestEnvelope(`/api/plan-phases/${write.phaseId}`, planSchema, {
        method: 'DELETE',
        body: { version },
      }).then((r) => r.data);
    case 'reorder-tasks':
      return postData(
        '/api/plan-tasks/reorder',
        { phaseId: write.phaseId, version, taskIds: write.taskIds },
        planSchema,
      );
  }
}

/** One hook for every change to a plan: sends it at the cached version and caches the answer. */
export function usePlanWrite(plan: ActionPlanDto) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (write: PlanWrite) => send(plan, write),
    onSuccess: (fresh) => {
      queryClient.setQueryData(actionPlanKeys.plan(fresh.id), fresh);
      void queryClient.invalidateQueries({ queryKey: actionPlanKeys.progress(fresh.id) });
      void queryClient.invalidateQueries({ queryKey: actionPlanKeys.list() });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'CONFLICT' && error.message.startsWith('This plan was changed')) {
        void queryClient.invalidateQueries({ queryKey: actionPlanKeys.plan(plan.id) });
        void toast({
          title: 'The plan changed elsewhere',
          description: 'It has been reloaded. Try again.',
          variant: 'warning',
        });
      }
    },
  });
}

/** Saves the plan as a Markdown or CSV file, with the name and bytes the server sent (the CSV keeps its BOM). */
export async function downloadExport(planId: number, format: 'markdown' | 'csv'): Promise<void> {
  const file = await downloadFile(`/api/action-plans/${planId}/export?format=${format}`);
  saveBlob(file.blob, file.fileName);
}
