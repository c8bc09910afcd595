import fs from 'node:fs';
import path from 'node:path';
import type { Corpus } from '../corpus/corpus.types.ts';
import {
  buildLexicalIndexes,
  LEXICAL_INDEX_VERSION,
  parseLexicalIndexes,
  serializeLexicalIndexes,
  type LexicalIndexes,
} from './lexical-index.ts';

// The lexical index is built once per corpus version and cached under DATA_DIR; a warm start
// loads it. A cache that cannot be read is rebuilt, never trusted.

export function cacheDir(dataDir: string, corpusVersion: string): string {
  return path.join(dataDir, 'engine-cache', corpusVersion);
}

/**
 * Sentence vectors are content-addressed (model id and every text hashed into the file name), so
 * they are shared across corpus versions: a new dataset file that changes no embedded text (the
 * industry tables, say) reuses every vector already computed.
 */
export function vectorCacheDir(dataDir: string): string {
  return path.join(dataDir, 'engine-cache', 'vectors');
}

export function writeAtomic(file: string, data: string | Uint8Array): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, data);
  fs.renameSync(tmp, file);
}

export type LexicalLoad = { indexes: LexicalIndexes; from: 'cache' | 'built'; rebuiltReason: string | null };

export function loadOrBuildLexical(corpus: Corpus, dataDir: string | null): LexicalLoad {
  if (dataDir === null) return { indexes: buildLexicalIndexes(corpus), from: 'built', rebuiltReason: null };
  const file = path.join(cacheDir(dataDir, corpus.version), `lexical-${LEXICAL_INDEX_VERSION}.json`);
  let rebuiltReason: string | null = null;
  if (fs.existsSync(file)) {
    try {
      const indexes = parseLexicalIndexes(fs.readFileSync(file, 'utf8'));
      if (indexes.companies.documentCount === corpus.companies.length)
        return { indexes, from: 'cache', rebuiltReason: null };
      rebuiltReason = 'the cached index does not match the corpus';
    } catch (error) {
      rebuiltReason = `the cached index was unreadable (${(error as Error).message.slice(0, 120)})`;
    }
  }
  const indexes = buildLexicalIndexes(corpus);
  try {
    writeAtomic(file, serializeLexicalIndexes(indexes));
  } catch {
    // A read-only DATA_DIR only costs the next start a rebuild.
  }
  return { indexes, from: 'built', rebuiltReason };
}
