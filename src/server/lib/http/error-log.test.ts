import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../platform/app-error.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// What a failed request leaves in the log. An AppError is thrown on purpose (a full engine queue,
// a quota): one line with its code and status, no stack, whose frames say nothing new and, at 503
// under load, would flood the log. An unexpected error keeps its stack: that is what someone fixing
// it needs.

const lines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'info' },
    logStream: { write: (line) => lines.push(line) },
    extend: (app) => {
      app.get('/api/__busy', async () => {
        throw new AppError('SERVICE_UNAVAILABLE', 'The engine is busy. Please try again shortly.', undefined, {
          'retry-after': '3',
        });
      });
      app.get('/api/__limited', async () => {
        throw new AppError('RATE_LIMITED', 'Too many searches.');
      });
      app.get('/api/__not-saved', async () => {
        throw new AppError('INTERNAL', 'The search could not be saved.');
      });
      app.get('/api/__boom', async () => {
        throw new TypeError('cannot read properties of undefined');
      });
    },
  });
});
afterAll(() => t.close());

type LogLine = { level: number; msg?: string; code?: string; status?: number; err?: { stack?: string } };

/** The log lines of one request, without Fastify's own incoming/completed lines. */
async function logOf(url: string): Promise<{ status: number; lines: LogLine[]; raw: string }> {
  const before = lines.length;
  const res = await t.app.inject({ method: 'GET', url });
  const raw = lines.slice(before).join('');
  const own = lines
    .slice(before)
    .map((line) => JSON.parse(line) as LogLine)
    .filter((line) => line.msg !== 'incoming request' && line.msg !== 'request completed');
  return { status: res.statusCode, lines: own, raw };
}

describe('the log of a failed request', () => {
  it('a 503 AppError is one warn line with its code and status, and no stack', async () => {
    const { status, lines: own, raw } = await logOf('/api/__busy');
    expect(status).toBe(503);
    expect(own).toEqual([
      expect.objectContaining({
        level: 40,
        code: 'SERVICE_UNAVAILABLE',
        status: 503,
        msg: 'The engine is busy. Please try again shortly.',
      }),
    ]);
    expect(own[0]).not.toHaveProperty('err');
    expect(raw).not.toMatch(/\bstack\b|\n\s+at /);
    expect(raw).not.toContain('error-log.test.ts');
  });

  it('an AppError below 500 writes no line of its own', async () => {
    const { status, lines: own } = await logOf('/api/__limited');
    expect(status).toBe(429);
    expect(own).toEqual([]);
  });

  it('an unexpected error and an INTERNAL AppError keep their stack', async () => {
    for (const url of ['/api/__boom', '/api/__not-saved']) {
      const { status, lines: own } = await logOf(url);
      expect(status).toBe(500);
      expect(own).toHaveLength(1);
      expect(own[0]!.level).toBe(50);
      expect(own[0]!.err?.stack).toMatch(/error-log\.test\.ts/);
    }
  });
});
