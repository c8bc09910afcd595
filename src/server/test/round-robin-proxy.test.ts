import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { startRoundRobinProxy } from './round-robin-proxy.ts';

describe('the round-robin proxy', () => {
  it('sends requests to the instances in turn, over one keep-alive connection too', async () => {
    const servers = await Promise.all(
      ['a', 'b'].map(
        (name) =>
          new Promise<http.Server>((resolve) => {
            const server = http.createServer((_req, res) => res.end(name));
            server.listen(0, '127.0.0.1', () => resolve(server));
          }),
      ),
    );
    const proxy = await startRoundRobinProxy();
    try {
      proxy.setTargets(servers.map((s) => (s.address() as { port: number }).port));
      const answers: string[] = [];
      for (let i = 0; i < 4; i++) answers.push(await (await fetch(proxy.url)).text());
      expect(answers).toEqual(['a', 'b', 'a', 'b']);
      expect([...proxy.served().values()]).toEqual([2, 2]);
    } finally {
      await proxy.close();
      for (const server of servers) server.close();
    }
  });

  it('answers 502 when the instance it picked is gone', async () => {
    const proxy = await startRoundRobinProxy();
    const gone = await new Promise<http.Server>((resolve) => {
      const server = http.createServer((_req, res) => res.end('x'));
      server.listen(0, '127.0.0.1', () => resolve(server));
    });
    const port = (gone.address() as { port: number }).port;
    await new Promise((resolve) => gone.close(resolve));
    try {
      expect((await fetch(proxy.url)).status).toBe(502);
      proxy.setTargets([port]);
      expect((await fetch(proxy.url)).status).toBe(502);
    } finally {
      await proxy.close();
    }
  });
});
