import net from 'node:net';

// A TCP proxy in front of PostgreSQL that a test can freeze (bytes stop flowing both ways, like a
// SIGSTOPped server), take down (connections refused and open ones reset) and restore.

export type TcpProxy = {
  port: number;
  freeze: () => void;
  thaw: () => void;
  down: () => Promise<void>;
  up: () => Promise<void>;
  close: () => Promise<void>;
};

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let frozen = false;
  const held: Array<() => void> = [];
  const sockets = new Set<net.Socket>();

  const relay = (from: net.Socket, to: net.Socket) => {
    from.on('data', (chunk) => {
      if (!frozen) to.write(chunk);
      else held.push(() => to.write(chunk));
    });
  };

  const onConnection = (client: net.Socket) => {
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => {
        sockets.delete(s);
        client.destroy();
        upstream.destroy();
      });
    }
    relay(client, upstream);
    relay(upstream, client);
  };

  let server = net.createServer(onConnection);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
    });
  const port = await listen(0);

  const down = async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };

  return {
    port,
    freeze: () => {
      frozen = true;
    },
    thaw: () => {
      frozen = false;
      for (const write of held.splice(0)) write();
    },
    down,
    up: async () => {
      server = net.createServer(onConnection);
      await listen(port);
    },
    close: down,
  };
}
