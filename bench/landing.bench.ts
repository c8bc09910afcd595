import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../src/server/test/server-process.ts';
import { initialAssets, LANDING_JS_BUDGET_GZIP_BYTES, type Asset } from '../e2e/support/landing-assets.ts';
import { bundleReport, byGroup } from './support/bundle-report.ts';

// The landing page's weight and speed: production build time; the initial JS and CSS of / (the
// entry script, its modulepreloads and stylesheets from dist/client/landing.html, the pre-rendered page
// the server sends for /; ADR 041), raw and gzip, with what each initial chunk holds by module
// (support/bundle-report.ts); the app's own first load (index.html: every other page, and what / loads
// when a visitor reaches for a control); and
// Lighthouse 12.8.x (system Chromium, median of 3) for / in mobile and desktop modes.
// Lighthouse is not an app dependency (≈185 MB, and its "third-party-web: latest" breaks npm ci): it
// is installed on first use into node_modules/.cache/lighthouse, and skipped with a note if that fails.

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const DIST = path.join(ROOT, 'dist', 'client');
const LIGHTHOUSE_VERSION = '12.8.2';
const LIGHTHOUSE_DIR = path.join(ROOT, 'node_modules', '.cache', 'lighthouse');
const LIGHTHOUSE_CLI = path.join(LIGHTHOUSE_DIR, 'node_modules', 'lighthouse', 'cli', 'index.js');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = 3;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGETS = {
  initialJsGzipKb: LANDING_JS_BUDGET_GZIP_BYTES / 1024,
  mobilePerformance: 100,
  accessibility: 100,
  seo: 100,
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

function buildTime(): number {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-bench-build-'));
  const start = performance.now();
  const result = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  const ms = performance.now() - start;
  fs.rmSync(outDir, { recursive: true, force: true });
  if (result.status !== 0) throw new Error('vite build failed');
  return ms;
}

function printAssets(label: string, assets: Asset[]): number {
  const raw = assets.reduce((sum, a) => sum + a.raw, 0);
  const gzip = assets.reduce((sum, a) => sum + a.gzip, 0);
  console.log(`${label}: ${kb(raw)} raw, ${kb(gzip)} gzip (${assets.length} file${assets.length === 1 ? '' : 's'})`);
  for (const a of assets) console.log(`  ${a.file}  ${kb(a.raw)} raw, ${kb(a.gzip)} gzip`);
  return gzip;
}

function ensureLighthouse(): boolean {
  const pkg = path.join(LIGHTHOUSE_DIR, 'node_modules', 'lighthouse', 'package.json');
  if (
    fs.existsSync(pkg) &&
    (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { version: string }).version === LIGHTHOUSE_VERSION
  )
    return true;
  console.log(
    `Installing lighthouse@${LIGHTHOUSE_VERSION} into ${path.relative(ROOT, LIGHTHOUSE_DIR)} (first run only)…`,
  );
  fs.mkdirSync(LIGHTHOUSE_DIR, { recursive: true });
  fs.writeFileSync(
    path.join(LIGHTHOUSE_DIR, 'package.json'),
    JSON.stringify(
      { name: 'unbuilt-bench-lighthouse', private: true, overrides: { 'third-party-web': '0.27.0' } },
      null,
      2,
    ),
  );
  const npmArgs = [
    'install',
    '--prefix',
    LIGHTHOUSE_DIR,
    '--no-audit',
    '--no-fund',
    '--loglevel=error',
    `lighthouse@${LIGHTHOUSE_VERSION}`,
  ];
  const hasFlock = spawnSync('flock', ['--version']).status === 0;
  const result = hasFlock
    ? spawnSync('flock', ['/tmp/unbuilt-npm.lock', 'npm', ...npmArgs], { stdio: 'inherit' })
    : spawnSync('npm', npmArgs, { stdio: 'inherit' });
  return result.status === 0 && fs.existsSync(LIGHTHOUSE_CLI);
}

async function startServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-bench-'));
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEMANTIC_SEARCH: 'false',
  };
  delete env.DATABASE_URL;
  delete env.ENABLE_TEST_HOOKS;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/server/index.ts')], {
    cwd: ROOT,
    env,
    stdio: 'ignore',
  });
  const stop = async () => {
    if (child.exitCode === null) {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  await stop();
  throw new Error('The server did not become healthy');
}

type Scores = Record<(typeof CATEGORIES)[number], number>;

function runLighthouse(url: string, mode: 'mobile' | 'desktop'): Scores | null {
  const args = [
    LIGHTHOUSE_CLI,
    url,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    `--only-categories=${CATEGORIES.join(',')}`,
    '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run',
    ...(mode === 'desktop' ? ['--preset=desktop'] : []),
  ];
  const result = spawnSync(process.execPath, args, {
    env: { ...process.env, CHROME_PATH: CHROMIUM },
    maxBuffer: 64 * 1024 * 1024,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    console.log(`  lighthouse (${mode}) failed: ${result.stderr.trim().split('\n').slice(-3).join(' ')}`);
    return null;
  }
  const report = JSON.parse(result.stdout) as { categories: Record<string, { score: number | null }> };
  const scores = {} as Scores;
  for (const category of CATEGORIES) scores[category] = Math.round((report.categories[category]?.score ?? 0) * 100);
  return scores;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

// --- run ---------------------------------------------------------------------------------------

const buildMs = buildTime();
console.log(`Production build (vite build): ${(buildMs / 1000).toFixed(2)} s`);

const ensured = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'client-build.mjs')], {
  cwd: ROOT,
  stdio: 'inherit',
});
if (ensured.status !== 0) throw new Error('Could not build dist/client');
const { js, css } = initialAssets(DIST);
const jsGzip = printAssets('Landing initial JS', js);
printAssets('Landing initial CSS', css);
console.log(
  `  target: initial JS ≤ ${TARGETS.initialJsGzipKb} kB gzip → ${jsGzip / 1024 <= TARGETS.initialJsGzipKb ? 'met' : 'NOT met'}`,
);
printAssets(
  'App initial JS (index.html: every other page; / when a control is used)',
  initialAssets(DIST, 'index.html').js,
);

// What the initial chunks hold: a second production build that records each chunk's modules,
// grouped by package (node_modules) or source file, largest first. Module sizes are of each module's
// code before minification (raw and gzip), so they rank the contents; the chunk's line is the real size.
const report = await bundleReport(ROOT);
try {
  console.log("Landing initial JS, then the app's (index.html), by module (top 12 per chunk):");
  for (const asset of [...initialAssets(report.outDir).js, ...initialAssets(report.outDir, 'index.html').js]) {
    const chunk = report.chunks.get(asset.file);
    if (!chunk) continue;
    console.log(`  ${asset.file}  ${kb(asset.gzip)} gzip (modules below: before minification)`);
    for (const group of byGroup(chunk).slice(0, 12))
      console.log(`    ${kb(group.gzip).padStart(9)} gzip  ${kb(group.raw).padStart(9)} rendered  ${group.id}`);
  }
} finally {
  fs.rmSync(report.outDir, { recursive: true, force: true });
}

if (!fs.existsSync(CHROMIUM)) {
  console.log(`Lighthouse skipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH).`);
} else if (!ensureLighthouse()) {
  console.log(`Lighthouse skipped: could not install lighthouse@${LIGHTHOUSE_VERSION} into ${LIGHTHOUSE_DIR}.`);
} else {
  const server = await startServer();
  try {
    for (const mode of ['mobile', 'desktop'] as const) {
      const runs: Scores[] = [];
      for (let i = 0; i < RUNS; i++) {
        const scores = runLighthouse(`${server.url}/`, mode);
        if (scores) runs.push(scores);
      }
      if (runs.length === 0) continue;
      const line = CATEGORIES.map((c) => `${c} ${median(runs.map((r) => r[c]))}`).join(', ');
      console.log(`Lighthouse ${LIGHTHOUSE_VERSION} ${mode} (median of ${runs.length}): ${line}`);
      console.log(`  runs: ${runs.map((r) => CATEGORIES.map((c) => r[c]).join('/')).join('  ')}`);
    }
    console.log(
      `  targets: mobile performance ≥ ${TARGETS.mobilePerformance}, accessibility ${TARGETS.accessibility}, SEO ${TARGETS.seo}`,
    );
  } finally {
    await server.stop();
  }
}
