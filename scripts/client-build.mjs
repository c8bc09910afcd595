import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Builds the client when dist/client is missing or was built from other sources (a content hash of
// the client inputs is kept beside the build), so `npm start` on a fresh clone or after a pull works.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(root, 'dist', 'client');
const stampFile = path.join(root, 'dist', '.client-build-hash');
const inputs = ['src/client', 'src/shared', 'vite.config.ts', 'scripts/prerender-landing.ts', 'package-lock.json'];

function hashInputs() {
  const hash = createHash('sha256');
  const walk = (p) => {
    const full = path.join(root, p);
    if (!fs.existsSync(full)) return;
    const stat = fs.statSync(full);
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(full).sort()) {
        if (name === 'node_modules' || name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue;
        walk(path.join(p, name));
      }
    } else {
      hash.update(p).update(fs.readFileSync(full));
    }
  };
  inputs.forEach(walk);
  return hash.digest('hex');
}

export function ensureClientBuild({ quiet = false } = {}) {
  const wanted = hashInputs();
  const current = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8').trim() : null;
  if (
    current === wanted &&
    fs.existsSync(path.join(distDir, 'index.html')) &&
    fs.existsSync(path.join(distDir, 'landing.html'))
  )
    return false;
  if (!quiet)
    console.log(current ? 'Client sources changed: rebuilding the client…' : 'Building the client (first start)…');
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      // Called from test runners too (vitest sets NODE_ENV=test): without this, Vite builds React's
      // development bundle and JSX dev runtime, and the stamp would keep serving it.
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) throw new Error('The client build failed.');
  fs.writeFileSync(stampFile, wanted);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureClientBuild();
