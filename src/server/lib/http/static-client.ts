import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendApiNotFound } from './error-handler.ts';

export const CLIENT_DIST_DIR = fileURLToPath(new URL('../../../../dist/client', import.meta.url));

/** The landing page at / as HTML rendered at build time, with its own small script (ADR 041). */
const LANDING_FILE = 'landing.html';

/** `/` itself, with or without a query string. */
const isRootPath = (url: string) => url === '/' || url.startsWith('/?');

/**
 * Serves the built client with SPA fallback: an unknown non-API GET returns index.html (the client
 * shows its not-found page); an unknown /api path returns the JSON envelope with 404. `/` gets the
 * pre-rendered landing page (landing.html) when the build has one and `isLandingPrerendered` allows it.
 */
export async function registerStaticClient(
  app: FastifyInstance,
  distDir = CLIENT_DIST_DIR,
  { isLandingPrerendered = true }: { isLandingPrerendered?: boolean } = {},
): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const hasClient = fs.existsSync(indexFile);
  const hasLanding = isLandingPrerendered && fs.existsSync(path.join(distDir, LANDING_FILE));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        // A share link's page is never cached (its token is in the address).
        const isSharePage = res.request.url.startsWith('/share/');
        res.header(
          'cache-control',
          isHashedAsset ? 'public, max-age=31536000, immutable' : isSharePage ? 'no-store' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApi;
    if (wantsPage && hasClient) {
      // A share link's page: not indexed, its token never sent on as a referrer, not cached.
      if (request.url.startsWith('/share/')) {
        reply.header('x-robots-tag', 'noindex, nofollow').header('referrer-policy', 'no-referrer');
        return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').sendFile('index.html');
      }
      const page = hasLanding && isRootPath(request.url) ? LANDING_FILE : 'index.html';
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile(page);
    }
    return sendApiNotFound(reply, request.method);
  });
}
