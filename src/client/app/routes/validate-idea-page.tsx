import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ErrorScreen } from '#client/components/errors/error-screen.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { paths } from '#client/config/paths.ts';
import { CreatePlanButton } from '#client/features/action-plans/components/create-plan-button.tsx';
import { DocumentPdfControl } from '#client/app/document-pdf-control.tsx';
import {
  ideaQueryOptions,
  prefillQueryOptions,
  useCreateIdea,
  useValidateIdea,
} from '#client/features/ideas/api/ideas-api.ts';
import { CompareIdeas } from '#client/features/ideas/components/compare-ideas.tsx';
import { IdeaForm } from '#client/features/ideas/components/idea-form.tsx';
import { IdeaResults } from '#client/features/ideas/components/idea-results.tsx';
import { IdeasList } from '#client/features/ideas/components/ideas-list.tsx';
import { sharedIdeaViewQueryOptions } from '#client/features/teams/api/collaboration-api.ts';
import { CommentsPanel } from '#client/features/teams/components/comments-panel.tsx';
import { TeamShareButton } from '#client/app/team-share-button.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';

// /validate-idea: the form (optionally started from a search result, ?from=<result id>) and the
// user's ideas; ?idea=<id> shows one idea's results, ?compare=<a>,<b> two side by side.

function positive(value: string | null): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}

function IdeaView(props: { id: number }) {
  const idea = useQuery(ideaQueryOptions(props.id));
  // GET /api/ideas/:id also answers a teammate the idea is shared with: they get the shared view.
  const rights = useQuery(sharedIdeaViewQueryOptions(props.id));
  if (idea.isPending || rights.isPending) return <Spinner className="w-full py-16" label="Loading the idea" />;
  if (idea.isError) return <ErrorScreen error={idea.error} onRetry={() => void idea.refetch()} />;
  if (rights.data && !rights.data.isOwner) return <Navigate replace to={paths.sharedIdea.href(props.id)} />;
  return (
    <>
      <IdeaResults
        idea={idea.data}
        planAction={<CreatePlanButton ideaId={idea.data.id} />}
        actions={
          <>
            <TeamShareButton subject={{ kind: 'idea', id: idea.data.id }} title={idea.data.title} isOwner />
            <DocumentPdfControl kind="idea" id={idea.data.id} />
          </>
        }
      />
      <CommentsPanel subject={{ kind: 'idea', id: idea.data.id }} canComment />
    </>
  );
}

function NewIdea(props: { from: number | null }) {
  const navigate = useNavigate();
  const prefill = useQuery({ ...prefillQueryOptions(props.from ?? 0), enabled: props.from !== null });
  const create = useCreateIdea();
  const validate = useValidateIdea();
  if (props.from !== null && prefill.isPending)
    return <Spinner className="w-full py-8" label="Loading the search result" />;
  if (props.from !== null && prefill.isError)
    return <ErrorScreen error={prefill.error} onRetry={() => void prefill.refetch()} />;
  return (
    <IdeaForm
      key={props.from ?? 'blank'}
      prefill={prefill.data}
      isBusy={create.isPending || validate.isPending}
      serverError={create.error ?? validate.error}
      onSubmit={(input) =>
        create.mutate(input, {
          onSuccess: (idea) =>
            validate.mutate(idea.id, { onSettled: () => void navigate(paths.validateIdea.href({ idea: idea.id })) }),
        })
      }
    />
  );
}

export function ValidateIdeaPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const ideaId = positive(params.get('idea'));
  const compare = (params.get('compare') ?? '').split(',').map(positive);
  const from = positive(params.get('from'));
  usePageMeta(
    'Validate an idea',
    'Score an idea against the evidence, project its finances and test its riskiest assumptions.',
  );

  if (ideaId !== null) {
    return (
      <div className="mx-auto max-w-5xl px-4 py-8">
        <IdeaView key={ideaId} id={ideaId} />
      </div>
    );
  }
  if (compare.length === 2 && compare[0] && compare[1]) {
    return (
      <div className="mx-auto max-w-5xl px-4 py-8">
        <CompareIdeas ids={[compare[0], compare[1]]} />
      </div>
    );
  }
  return (
    <div className="mx-auto grid max-w-3xl gap-10 px-4 py-8">
      <section aria-labelledby="validate-heading" className="grid gap-4">
        <h1 id="validate-heading" className="text-2xl font-bold">
          Validate an idea
        </h1>
        <p className="text-sm text-muted-foreground">
          Five scores from the same evidence a search uses (companies, occupations, BLS figures), each with how it was
          reached; projections from your numbers; a bottom-up market size; and the three assumptions to test first.
        </p>
        <NewIdea from={from} />
      </section>
      <IdeasList onCompare={(pair) => void navigate(paths.validateIdea.href({ compare: pair }))} />
    </div>
  );
}
