import { useQuery } from '@tanstack/react-query';
import type { CorpusRefreshResult } from '#shared/admin/corpus.schemas.ts';
import { FormAlert } from '#client/components/form/form-alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { formatDateTime } from '#client/lib/format.ts';
import { corpusStateQueryOptions, useRefreshCorpus } from '../api/admin-api.ts';

// The corpus at run time (issue 33): the version the engine answers from, a refresh being built, and
// the last refresh's result; "Load new data" reads DATASETS_DIR again and swaps it in when built.

function lastResultLine(last: CorpusRefreshResult): string {
  const when = formatDateTime(last.finishedAt);
  switch (last.status) {
    case 'activated':
      return `${when}: now answering from ${last.version ?? ''} (was ${last.previousVersion ?? 'unknown'}); ${last.rerunsEnqueued} watched ${last.rerunsEnqueued === 1 ? 'market' : 'markets'} queued to re-run.`;
    case 'unchanged':
      return `${when}: the data has not changed (${last.version ?? ''}); nothing re-run.`;
    case 'failed':
      return `${when}: the new data could not be loaded, the current version was kept. ${last.error ?? ''}`;
  }
}

export function CorpusPanel() {
  const state = useQuery(corpusStateQueryOptions());
  const refresh = useRefreshCorpus();
  const data = state.data;
  return (
    <section aria-labelledby="corpus-heading" className="mt-6 rounded-lg border bg-card p-4 text-card-foreground">
      <h2 id="corpus-heading" className="mb-3 text-lg font-semibold">
        Data (corpus)
      </h2>
      {state.isError ? <FormAlert>{state.error.message}</FormAlert> : null}
      {data ? (
        <div className="grid gap-3 text-sm">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="font-medium">In use</dt>
            <dd>
              <code>{data.current.version}</code> ({data.current.kind === 'seed' ? 'seed corpus' : 'full datasets'})
            </dd>
            <dt className="font-medium">Source</dt>
            <dd className="break-all">{data.source}</dd>
            <dt className="font-medium">Building</dt>
            <dd aria-live="polite">
              {data.building ? `A new version, started ${formatDateTime(data.building.startedAt)}` : 'Nothing'}
            </dd>
            <dt className="font-medium">Last refresh</dt>
            <dd>{data.lastRefresh ? lastResultLine(data.lastRefresh) : 'None since this database was created.'}</dd>
          </dl>
          <div>
            <Button
              onClick={() => refresh.mutate()}
              disabled={!data.canRefresh || data.building !== null || refresh.isPending}
            >
              Load new data
            </Button>
          </div>
          {data.canRefresh ? null : <p>This server's engine cannot load new data while it runs.</p>}
          {refresh.isError ? <FormAlert>{refresh.error.message}</FormAlert> : null}
        </div>
      ) : null}
    </section>
  );
}
