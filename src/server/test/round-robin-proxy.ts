import http from 'node:http';

// A small HTTP proxy on 127.0.0.1 that sends each request to the next of several API instances in
// turn (per request, not per connection, so keep-alive clients still spread), as a load balancer
// would. Used by the multi-instance suite and `npm run soak -- --instances N`.

export type RoundRobinProxy = {
  url: string;
  port: number;
  /** The instances' ports; requests go to them in turn (set after the instances start). */
  setTargets: (ports: number[]) => void;
  /** How many requests each port has received. */
  served: () => Map<number, number>;
  close: () => Promise<void>;
};

export async function startRoundRobinProxy(): Promise<RoundRobinProxy> {
  let targets: number[] = [];
  let next = 0;
  const served = new Map<number, number>();
  const server = http.createServer((req, res) => {
    const port = targets[next++ % Math.max(1, targets.length)];
    if (port === undefined) {
      res.writeHead(502).end();
      return;
    }
    served.set(port, (served.get(port) ?? 0) + 1);
    const upstream = http.request(
      { host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        // An instance killed mid-answer (the multi-instance kill test) ends the client's answer too,
        // as a load balancer's would: every stream's error is handled, none reaches the test process.
        answer.on('error', () => res.destroy());
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (res.headersSent) res.destroy();
      else res.writeHead(502).end();
    });
    req.on('error', () => upstream.destroy());
    res.on('error', () => upstream.destroy());
    // A client that goes away before its answer ends stops the upstream request too.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    setTargets: (ports) => {
      targets = ports;
    },
    served: () => new Map(served),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
