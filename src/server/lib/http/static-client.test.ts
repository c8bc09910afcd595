import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerStaticClient } from './static-client.ts';

// Which built page each path gets (ADR 041): / the pre-rendered landing page, every other page the app.

const apps: FastifyInstance[] = [];
const dirs: string[] = [];

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function serve(files: Record<string, string>, options?: { isLandingPrerendered?: boolean }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'unbuilt-static-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  const app = Fastify();
  apps.push(app);
  await registerStaticClient(app, dir, options);
  await app.ready();
  return async (url: string) => {
    const response = await app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.body, cache: response.headers['cache-control'] };
  };
}

const BUILD = { 'index.html': 'the app', 'landing.html': 'the landing page' };

describe('static client', () => {
  it('sends the pre-rendered landing page for /, with or without a query, and the app for every other page', async () => {
    const get = await serve(BUILD);
    expect(await get('/')).toEqual({ status: 200, body: 'the landing page', cache: 'no-cache' });
    expect((await get('/?ref=newsletter')).body).toBe('the landing page');
    for (const url of ['/about', '/auth/login', '/no-such-page', '/search/3?tab=map'])
      expect(await get(url)).toEqual({ status: 200, body: 'the app', cache: 'no-cache' });
    expect((await get('/api/nothing')).status).toBe(404);
  });

  it('sends the app for / when the landing page must not be used (a demo-payments notice), or was not built', async () => {
    expect((await (await serve(BUILD, { isLandingPrerendered: false }))('/')).body).toBe('the app');
    expect((await (await serve({ 'index.html': 'the app' }))('/')).body).toBe('the app');
  });
});
