import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS, type ErrorCode } from '#shared/api/errors.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

// Errors that Node's HTTP parser raises before Fastify routes anything (issue 32): a URL over the
// 16 KB header limit got Fastify's own 431 body, outside the envelope. Over a real socket, since
// inject() has no HTTP parser.

let t: TestApp;
let port = 0;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => t.close());

/** Sends raw bytes and resolves with everything the server wrote before it closed. */
function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('close', () => resolve(text));
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? resolve(text) : reject(error)));
  });
}

function parse(response: string) {
  const [head = '', body = ''] = response.split('\r\n\r\n');
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), head, body };
}

describe('errors raised before routing', () => {
  it('a URL over 16 KB answers 431 in the error envelope, the URL not echoed', async () => {
    const response = parse(await raw(`GET /api/searches?q=${'echo-me'.repeat(2_500)} HTTP/1.1\r\nHost: x\r\n\r\n`));
    expect(response.status).toBe(431);
    expect(response.head.toLowerCase()).toContain('content-type: application/json');
    const body = JSON.parse(response.body) as { success: boolean; code: ErrorCode; message: string };
    expect(body).toMatchObject({ success: false, message: expect.any(String) });
    expect(ERROR_STATUS[body.code]).toBe(431);
    expect(response.body).not.toContain('echo-me');
  });

  it('a request Node cannot parse answers 400 in the error envelope', async () => {
    const response = parse(await raw('NOT HTTP AT ALL\r\n\r\n'));
    expect(response.status).toBe(400);
    const body = JSON.parse(response.body) as { success: boolean; code: ErrorCode };
    expect(body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
  });
});
