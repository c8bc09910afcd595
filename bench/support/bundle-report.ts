import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { build, type Plugin } from 'vite';

// What each chunk of the client build holds, by module: a production build (into a temporary
// folder) with a plugin that records every chunk's modules and their rendered code. The landing
// bench prints it for the chunks a first visit to / loads.

type ModuleSize = { id: string; raw: number; gzip: number };
type ChunkReport = { file: string; raw: number; gzip: number; modules: ModuleSize[] };

const gzip = (text: string) => zlib.gzipSync(text, { level: 9 }).length;

/** Groups a module id by package (node_modules/…) or by source folder, for a short listing. */
function moduleGroup(id: string, root: string): string {
  const clean = id.replace(/\?.*$/, '').replace(/^\0/, '');
  const nm = clean.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = clean.slice(nm + 'node_modules/'.length).split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? clean);
  }
  return path.relative(root, clean);
}

export async function bundleReport(root: string): Promise<{ outDir: string; chunks: Map<string, ChunkReport> }> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-bench-bundle-'));
  const chunks = new Map<string, ChunkReport>();
  const recorder: Plugin = {
    name: 'unbuilt-bundle-report',
    generateBundle(_options, bundle) {
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        const chunk = item;
        const modules = Object.entries(chunk.modules).map(([id, m]) => ({
          id: moduleGroup(id, root),
          raw: m.renderedLength,
          gzip: m.code ? gzip(m.code) : 0,
        }));
        chunks.set(`/${chunk.fileName}`, {
          file: `/${chunk.fileName}`,
          raw: chunk.code.length,
          gzip: gzip(chunk.code),
          modules,
        });
      }
    },
  };
  await build({
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'error',
    plugins: [recorder],
    build: { outDir, emptyOutDir: true },
  });
  return { outDir, chunks };
}

/** Sums a chunk's modules by group (package or file), largest first. */
export function byGroup(chunk: ChunkReport): ModuleSize[] {
  const sums = new Map<string, ModuleSize>();
  for (const m of chunk.modules) {
    const s = sums.get(m.id) ?? { id: m.id, raw: 0, gzip: 0 };
    s.raw += m.raw;
    s.gzip += m.gzip;
    sums.set(m.id, s);
  }
  return [...sums.values()].sort((a, b) => b.raw - a.raw);
}
