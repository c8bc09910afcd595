import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { readEvalSet, type EvalSet } from './run-eval.ts';

// The committed evaluation sets and their roles (sets.json): development sets may be tuned on,
// held-out ones are only measured. `npm run eval` prints them side by side.

const manifestSchema = z.object({
  about: z.string(),
  sets: z.array(z.object({ file: z.string(), role: z.enum(['dev', 'held-out']), why: z.string() })).min(1),
});

export type NamedEvalSet = { name: string; role: 'dev' | 'held-out'; why: string; set: EvalSet };

const here = path.dirname(fileURLToPath(import.meta.url));

/** Every set in the manifest that exists on disk, in the manifest's order (a missing file is skipped). */
export function readCommittedSets(dir = here): NamedEvalSet[] {
  const manifest = manifestSchema.parse(JSON.parse(fs.readFileSync(path.join(dir, 'sets.json'), 'utf8')));
  return manifest.sets
    .filter((s) => fs.existsSync(path.join(dir, s.file)))
    .map((s) => ({
      name: s.file.replace(/\.json$/, ''),
      role: s.role,
      why: s.why,
      set: readEvalSet(path.join(dir, s.file)),
    }));
}
