import fs from 'node:fs';
import path from 'node:path';
import { build, createServer, type Plugin, type ResolvedConfig } from 'vite';

// The landing page as HTML (ADR 041). After the app's build (index.html and its chunks, exactly as without
// this plugin), three steps:
// 1. build landing.html on its own (its only script is landing/landing-entry.ts, a few kB) into the same
//    folder, so the app's chunking does not change;
// 2. render the app's signed-out page at / with React in Node (src/client/landing/render-landing.tsx,
//    loaded through a Vite dev server in middleware mode so aliases, TSX and imports resolve as in the build);
// 3. write it into landing.html with the page's title and description, and the app's entry and
//    modulepreloads from index.html (data-app-entry, data-app-preload), which the landing script loads when
//    the app is needed. The server sends landing.html for /.

const TEMPLATE = 'landing.html';
const RENDERER = 'landing/render-landing.tsx';
/** Set while the nested landing build runs: the plugin then does nothing (it is in that build's config too). */
const NESTED_FLAG = 'UNBUILT_LANDING_BUILD';
/** A plugin the caller of the build added to watch it (bench/support/bundle-report.ts) watches this build too. */
const FORWARDED_PLUGIN = 'unbuilt-bundle-report';

type Rendered = { html: string; title: string; description: string };

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An empty Storage kept in memory: the app's stores read localStorage when their modules load (Node has none). */
function memoryStorage() {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key: string) => data.get(key) ?? null,
    key: (index: number) => [...data.keys()][index] ?? null,
    removeItem: (key: string) => void data.delete(key),
    setItem: (key: string, value: string) => void data.set(key, String(value)),
  };
}

async function buildLandingPage(config: ResolvedConfig, outDir: string): Promise<void> {
  process.env[NESTED_FLAG] = '1';
  try {
    await build({
      configFile: config.configFile ?? false,
      root: config.root,
      logLevel: 'warn',
      plugins: config.plugins.filter((plugin) => plugin.name === FORWARDED_PLUGIN),
      build: {
        outDir,
        emptyOutDir: false,
        copyPublicDir: false,
        rolldownOptions: { input: path.join(config.root, TEMPLATE) },
      },
    });
  } finally {
    delete process.env[NESTED_FLAG];
  }
}

async function render(config: ResolvedConfig): Promise<Rendered> {
  const previous = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
  Object.defineProperty(globalThis, 'localStorage', { configurable: true, value: memoryStorage() });
  const server = await createServer({
    configFile: config.configFile ?? false,
    root: config.root,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const renderer = (await server.ssrLoadModule(path.join(config.root, RENDERER))) as {
      renderLanding: () => Rendered;
    };
    return renderer.renderLanding();
  } finally {
    await server.close();
    if (previous) Object.defineProperty(globalThis, 'localStorage', previous);
    else Reflect.deleteProperty(globalThis, 'localStorage');
  }
}

/** The app's entry module and the modules it preloads, as the built index.html names them. */
function appScripts(indexHtml: string): { entry: string; preload: string[] } {
  const entry = /<script type="module"[^>]*\ssrc="([^"]+)"/.exec(indexHtml)?.[1];
  if (!entry) throw new Error('index.html has no module script');
  const preload = [...indexHtml.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"/g)].map((m) => m[1] ?? '');
  return { entry, preload };
}

export function prerenderLanding(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'unbuilt:prerender-landing',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.build.ssr || process.env[NESTED_FLAG]) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      await buildLandingPage(config, outDir);
      const file = path.join(outDir, TEMPLATE);
      const template = fs.readFileSync(file, 'utf8');
      const { html, title, description } = await render(config);
      const { entry, preload } = appScripts(fs.readFileSync(path.join(outDir, 'index.html'), 'utf8'));
      const page = template
        .replace('<!--landing-title-->', escapeHtml(title))
        .replace('<!--landing-description-->', escapeHtml(description))
        .replace(
          '<div id="root" data-prerendered>',
          `<div id="root" data-prerendered data-app-entry="${escapeHtml(entry)}" data-app-preload="${escapeHtml(preload.join(' '))}">`,
        )
        .replace('<!--landing-html-->', () => html);
      if (page.includes('<!--landing-') || !page.includes('data-app-entry='))
        throw new Error(`${TEMPLATE}: a placeholder was not filled`);
      fs.writeFileSync(file, page);
    },
  };
}
