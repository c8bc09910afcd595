import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorScreen } from '#client/components/errors/error-screen.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { textLinkClass } from '#client/components/ui/text-link.ts';
import { paths } from '#client/config/paths.ts';
import {
  examplePlanQueryOptions,
  planListQueryOptions,
  planQueryOptions,
} from '#client/features/action-plans/api/action-plans-api.ts';
import { PlanBoard } from '#client/features/action-plans/components/plan-board.tsx';
import { DocumentPdfControl } from '#client/app/document-pdf-control.tsx';
import { TaskResources } from '#client/features/resources/components/task-resources.tsx';
import { PlansDialog } from '#client/features/billing/components/plans-dialog.tsx';
import { UpgradePrompt } from '#client/features/billing/components/upgrade-prompt.tsx';
import { ApiError } from '#client/lib/api-error.ts';
import { useAuthStore } from '#client/lib/auth-store.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';

// /action-plan (issue 15): my plans and the one open (?plan=id). Without Pro: the 'This is a Pro
// feature' prompt and one example plan, read-only, built from my own idea (?idea=id) or analysis (?from=opportunity).

function positiveInt(value: string | null): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}

function ExamplePlan(source: { ideaId: number | null; searchResultId: number | null }) {
  const example = useQuery({ ...examplePlanQueryOptions(source), retry: false });
  if (example.isPending) return <Spinner className="w-full py-8" label="Building the example plan" />;
  if (example.isError) {
    if (example.error instanceof ApiError && example.error.code === 'NOT_FOUND') {
      return (
        <p className="rounded-md border p-4">
          Run a search first: the example plan is built from your own analysis.{' '}
          <Link to={paths.home.href()} className={textLinkClass}>
            Search for an opportunity
          </Link>
        </p>
      );
    }
    return <ErrorScreen error={example.error} onRetry={() => void example.refetch()} />;
  }
  return (
    <section aria-labelledby="example-heading" className="space-y-3">
      <h2 id="example-heading" className="sr-only">
        Example plan
      </h2>
      <p className="rounded-md bg-muted p-3 text-sm">
        Example plan, read-only: upgrade to Pro to create and work your own.
      </p>
      <PlanBoard plan={example.data} />
    </section>
  );
}

export function ActionPlanPage() {
  usePageMeta('Action plan', 'Turn an opportunity into a four-phase plan of work.');
  const user = useAuthStore((s) => s.user);
  const [params, setParams] = useSearchParams();
  const [isPlansOpen, setPlansOpen] = useState(false);
  const list = useQuery(planListQueryOptions());
  const requested = positiveInt(params.get('plan'));
  const selectedId = requested ?? list.data?.items[0]?.id ?? null;
  const plan = useQuery({ ...planQueryOptions(selectedId ?? 0), enabled: selectedId !== null });

  if (!user) return null;
  if (list.isPending) return <Spinner className="w-full py-16" label="Loading your action plans" />;
  if (list.isError) return <ErrorScreen error={list.error} onRetry={() => void list.refetch()} />;
  const { items, canGenerate } = list.data;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold">Action plan</h1>
      <p className="mt-1 text-muted-foreground">
        Four phases — Research, Validation, Development, Launch — generated from an opportunity’s own evidence.
      </p>

      {canGenerate ? null : (
        <div className="mt-4">
          <UpgradePrompt reason="premium-feature" plan="free" onViewPlans={() => setPlansOpen(true)} />
          <PlansDialog isOpen={isPlansOpen} onOpenChange={setPlansOpen} currentPlan={user.plan} />
        </div>
      )}

      {items.length > 0 ? (
        <nav aria-label="My action plans" className="mt-4">
          <label htmlFor="plan-picker" className="text-sm font-medium">
            Open a plan
          </label>
          <select
            id="plan-picker"
            value={selectedId ?? ''}
            onChange={(event) => setParams({ plan: event.target.value })}
            className="mt-1 block min-h-11 w-full max-w-xl rounded-md border bg-background px-2"
          >
            {items.map((item) => (
              <option key={item.id} value={item.id}>
                {item.title} — {item.completionPercentage}% ({item.status})
              </option>
            ))}
          </select>
        </nav>
      ) : canGenerate ? (
        <p className="mt-4 rounded-md border p-4">
          No plans yet. Open an opportunity of one of your analyses and choose “Create action plan”.{' '}
          <Link to={paths.history.href()} className={textLinkClass}>
            Your analyses
          </Link>
        </p>
      ) : null}

      <div className="mt-6">
        {selectedId !== null ? (
          plan.isPending ? (
            <Spinner className="w-full py-16" label="Loading the plan" />
          ) : plan.isError ? (
            <ErrorScreen error={plan.error} onRetry={() => void plan.refetch()} />
          ) : (
            <PlanBoard
              plan={plan.data}
              taskExtra={(task) => <TaskResources taskId={task.id} taskTitle={task.title} />}
              exportAction={<DocumentPdfControl kind="plan" id={plan.data.id} />}
            />
          )
        ) : canGenerate ? null : (
          <ExamplePlan ideaId={positiveInt(params.get('idea'))} searchResultId={positiveInt(params.get('from'))} />
        )}
      </div>
    </div>
  );
}
