import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { childProcessBaseEnv } from '../env.ts';
import { scaled } from './timeouts.ts';

// Starts the real server entry point (src/server/index.ts) as a child process, as `npm start` does.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
};

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/server/index.ts')], {
    cwd: ROOT,
    env: {
      ...childProcessBaseEnv(),
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SEMANTIC_SEARCH: 'false',
      // A spawned server's engine threads share the cores with the whole test run (browsers, other
      // servers, PostgreSQL): lowered, they starved there (ADR 063). A test may ask for 'low' itself.
      ENGINE_THREAD_PRIORITY: 'normal',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, port, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Resolves when GET /api/health answers 200, or rejects if the process exits first. */
export async function waitForHealthy(server: ServerProcess, timeoutMs = scaled(60_000)): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void server.exited.then((code) => (exitCode = code));
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`server exited with ${exitCode}:\n${server.output()}`);
    try {
      const res = await fetch(`${server.url}/api/health`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy in ${timeoutMs} ms:\n${server.output()}`);
}

export async function stopServerProcess(server: ServerProcess): Promise<number | null> {
  if (server.child.exitCode === null) server.child.kill('SIGTERM');
  return server.exited;
}

/**
 * Registers over HTTP and opens the e-mailed link like a person (docs/decisions/034): the session.
 * The server needs ENABLE_TEST_HOOKS (the link is read from its outbox) and no SMTP_URL.
 */
export async function registerOverHttp(
  baseUrl: string,
  values: { email: string; password: string; name: string; origin?: string },
): Promise<{ accessToken: string; cookie: string }> {
  const { origin = baseUrl, ...fields } = values;
  const headers = { 'content-type': 'application/json', origin };
  const started = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...fields, confirmPassword: fields.password }),
  });
  if (started.status !== 202) throw new Error(`register: ${started.status} ${await started.text()}`);
  let token: string | undefined;
  for (let i = 0; i < 200 && !token; i++) {
    const res = await fetch(`${baseUrl}/api/__test/outbox?to=${encodeURIComponent(values.email)}`);
    if (res.status === 200) {
      const { text } = ((await res.json()) as { data: { text: string } }).data;
      token = /\/auth\/confirm-email(?:\?[^#\s]*)?#token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
    }
    if (!token) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (!token) throw new Error(`no registration link mailed to ${values.email}`);
  const res = await fetch(`${baseUrl}/api/auth/register/confirm`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ token }),
  });
  if (res.status !== 201) throw new Error(`register confirm: ${res.status} ${await res.text()}`);
  const cookie = /unbuilt_refresh=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? '';
  return { accessToken: ((await res.json()) as { data: { accessToken: string } }).data.accessToken, cookie };
}
