import { useQuery } from '@tanstack/react-query';
import { ListChecks } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { planIncludes } from '#shared/plans/plan-features.ts';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { ApiError } from '#client/lib/api-error.ts';
import { useAuthStore } from '#client/lib/auth-store.ts';
import { templatesQueryOptions, useCreatePlan } from '../api/action-plans-api.ts';

// "Create action plan" on an opportunity or a validated idea: generates the plan (or opens the one
// already made) and goes to it. Without Pro the button carries the Pro mark before any click and opens
// the plan page with the upgrade prompt and an example built from this opportunity or this idea, not
// from another analysis (issue 29).

type PlanFrom = { searchResultId: number } | { ideaId: number };

export function CreatePlanButton(props: PlanFrom) {
  const from = 'ideaId' in props ? { ideaId: props.ideaId } : { searchResultId: props.searchResultId };
  const exampleFrom = 'ideaId' in props ? { idea: props.ideaId } : { from: props.searchResultId };
  const plan = useAuthStore((s) => s.user?.plan ?? 'free');
  const canCreate = planIncludes(plan, 'actionPlans');
  const navigate = useNavigate();
  const openExample = () => void navigate(paths.actionPlan.href(exampleFrom));
  const selectId = useId();
  const templates = useQuery(templatesQueryOptions());
  const create = useCreatePlan();
  const [templateId, setTemplateId] = useState('');
  const [error, setError] = useState<string | null>(null);

  function onCreate() {
    setError(null);
    create.mutate(
      { ...from, ...(templateId ? { templateId: Number(templateId) } : {}) },
      {
        onSuccess: (plan) => void navigate(paths.actionPlan.href({ plan: plan.id })),
        onError: (e) => {
          if (e instanceof ApiError && e.code === 'PLAN_REQUIRED') openExample();
          else setError(e instanceof ApiError ? e.message : 'Could not create the plan.');
        },
      },
    );
  }

  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="flex flex-col">
        <label htmlFor={selectId} className="text-xs font-medium">
          Plan template
        </label>
        <select
          id={selectId}
          value={templateId}
          onChange={(event) => setTemplateId(event.target.value)}
          className="min-h-11 rounded-md border bg-background px-2"
        >
          <option value="">Default</option>
          {(templates.data ?? [])
            .filter((t) => !t.isDefault)
            .map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
        </select>
      </div>
      <Button
        onClick={canCreate ? onCreate : openExample}
        disabled={create.isPending}
        aria-label={canCreate ? undefined : 'Create action plan (Pro feature): see an example'}
      >
        <ListChecks aria-hidden="true" /> {create.isPending ? 'Creating…' : 'Create action plan'}
        {canCreate ? null : <span className="rounded-full border px-2 text-xs">Pro</span>}
      </Button>
      {error ? (
        <p role="alert" className="w-full text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
