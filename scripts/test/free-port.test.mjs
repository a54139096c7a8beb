import { createServer } from 'node:net';
import { freePorts } from './free-port.mjs';

describe('freePorts', () => {
  it('gives distinct ports, each of which a server can then listen on', async () => {
    const ports = await freePorts(5);
    expect(new Set(ports).size).toBe(5);
    const servers = await Promise.all(
      ports.map(
        (port) =>
          new Promise((resolve, reject) => {
            const server = createServer();
            server.once('error', reject);
            server.listen(port, '127.0.0.1', () => resolve(server));
          }),
      ),
    );
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });
});
