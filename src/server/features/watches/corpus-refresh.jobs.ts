import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { mirrorManifest, PUBLIC_MANIFEST } from '../../engine/datasets/dataset-manifest.ts';
import { fetchDatasets } from '../../engine/datasets/fetch-datasets.ts';
import { defineJob, errorText, type JobDefinition } from '../../lib/jobs/job.ts';
import type { CorpusRefresher } from './corpus-refresh.service.ts';

// The scheduled refresh of the datasets (issue 33, ADR 035), registered only with
// DATASETS_REFRESH=daily: once a day it fetches every file again into a staging folder
// (DATA_DIR/datasets-refresh), the way `npm run datasets:fetch` does (an interrupted download resumes
// from its .part file, checksums are compared with the pinned ones and a difference is reported, not
// refused: a source publishes new releases). Only when every file has arrived are they copied into
// DATASETS_DIR (each one renamed into place), so a failed fetch never leaves a half-new folder; then
// the folder is loaded at run time like the console's "Load new data". A new version
// queues the watched analyses' re-runs; an unchanged folder changes nothing. A fetch that fails (no
// network, a source down) is recorded as a failed refresh with the file and the reason, and the
// engine keeps answering from the version it has; the next day's run tries again.

/** 04:30 UTC: after the sources' nightly publications, before a U.S. working day. */
export const DATASETS_REFRESH_SCHEDULE = '30 4 * * *';

/** Copies each fetched file over its counterpart in `dir`, each by a rename, so none is ever half-written. */
function install(staging: string, dir: string, files: string[]): void {
  for (const file of files) {
    const target = path.join(dir, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(path.join(staging, file), `${target}.incoming`);
    fs.renameSync(`${target}.incoming`, target);
  }
}

export function datasetsRefreshJob(options: {
  datasetsDir: string;
  stagingDir: string;
  mirror: string | undefined;
  refresher: CorpusRefresher;
}): JobDefinition<Record<string, never>> {
  const { datasetsDir, stagingDir, mirror, refresher } = options;
  return defineJob({
    name: 'watches.datasets-refresh',
    payload: z.object({}).strict(),
    schedule: DATASETS_REFRESH_SCHEDULE,
    // Failures are recorded, not retried: the files resume where they stopped on the next day's run.
    retry: { limit: 0, delaySeconds: 60, backoff: false },
    timeoutSeconds: 3 * 3600,
    handle: async (_payload, { deps }) => {
      try {
        const results = await fetchDatasets({
          dir: stagingDir,
          manifest: mirror ? mirrorManifest(mirror) : PUBLIC_MANIFEST,
          strict: false,
          redownload: true,
        });
        const updated = results.filter((r) => r.matchesPinned === false).map((r) => r.path);
        if (updated.length > 0)
          deps.log.info({ job: 'watches.datasets-refresh', updated }, 'datasets differ from the pinned copies');
        install(
          stagingDir,
          datasetsDir,
          results.filter((r) => r.status !== 'no-public-source').map((r) => r.path),
        );
      } catch (error) {
        const result = await refresher.recordFailure(`The scheduled fetch failed: ${errorText(error)}`);
        deps.log.warn({ job: 'watches.datasets-refresh', error: result.error }, 'datasets refresh failed');
        return;
      }
      const result = await refresher.refresh();
      deps.log.info({ job: 'watches.datasets-refresh', ...result }, 'datasets refreshed');
    },
  });
}
