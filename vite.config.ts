import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { prerenderLanding } from './scripts/prerender-landing.ts';

// The dev server proxies /api to the Fastify server (npm run dev runs both). The build makes index.html (the
// app, every path but /), then scripts/prerender-landing.ts adds landing.html (/: the landing page rendered
// to HTML, with its own small script; ADR 041). The dev server serves index.html for /.
export default defineConfig({
  root: fileURLToPath(new URL('./src/client', import.meta.url)),
  publicDir: fileURLToPath(new URL('./src/client/public', import.meta.url)),
  plugins: [react(), tailwindcss(), prerenderLanding()],
  resolve: {
    alias: {
      '#shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
      '#client': fileURLToPath(new URL('./src/client', import.meta.url)),
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
