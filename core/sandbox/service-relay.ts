/**
 * `node service-relay.js host|inside …`: how project code in the sandbox's network namespace reaches the
 * host services the operator allowed (`security.sandboxServices`, e.g. a test PostgreSQL at
 * 127.0.0.1:5432), at the same address, and nothing else. Two halves joined by Unix-domain sockets in
 * the run's scratch folder (the file system is shared, the network is not):
 * - `host <dir> <host:port>...`, started outside the namespaces: one socket per service,
 *   `<dir>/service-<port>.sock`, each connection piped to the service over TCP; prints "ready" once
 *   they listen;
 * - `inside <ready-file> <port=socket>...`, started by the namespace setup (isolation.ts) before the
 *   program: listens on 127.0.0.1:<port> of the namespace's own loopback, each connection piped to the
 *   socket; creates <ready-file> once it listens. It dies with the PID namespace.
 * agentd's own code, run as a plain Node program (never in a capability's thread).
 */
import { writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const socketPath = (dir: string, port: number): string => path.join(dir, `service-${port}.sock`);

function pipe(a: net.Socket, b: net.Socket): void {
  a.pipe(b);
  b.pipe(a);
  const close = (): void => {
    a.destroy();
    b.destroy();
  };
  a.on('error', close);
  b.on('error', close);
  a.on('close', close);
  b.on('close', close);
}

function listen(server: net.Server, ...args: unknown[]): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    (server.listen as (...a: unknown[]) => void)(...args, () => resolve());
  });
}

async function host(dir: string, specs: string[]): Promise<void> {
  for (const spec of specs) {
    const at = spec.lastIndexOf(':');
    const target = { host: spec.slice(0, at), port: Number(spec.slice(at + 1)) };
    const server = net.createServer((conn) => pipe(conn, net.connect(target.port, target.host)));
    await listen(server, socketPath(dir, target.port));
  }
  process.stdout.write('ready\n');
  // Its parent (the sandbox run) holds stdin open: when the parent is gone, so is the relay, never an orphan.
  process.stdin.on('end', () => process.exit(0));
  process.stdin.on('close', () => process.exit(0));
  process.stdin.resume();
}

async function inside(ready: string, specs: string[]): Promise<void> {
  for (const spec of specs.flatMap((s) => s.split(','))) {
    const at = spec.indexOf('=');
    const port = Number(spec.slice(0, at));
    const socket = spec.slice(at + 1);
    const server = net.createServer((conn) => pipe(conn, net.connect(socket)));
    await listen(server, port, '127.0.0.1');
  }
  writeFileSync(ready, '');
}

const [mode, first, ...rest] = process.argv.slice(2);
const run = mode === 'host' && first ? host(first, rest) : mode === 'inside' && first ? inside(first, rest) : null;
if (!run) {
  process.stderr.write('usage: service-relay host <dir> <host:port>... | inside <ready-file> <port=socket>[,…]...\n');
  process.exit(2);
}
run.catch((error: Error) => {
  process.stderr.write(`[agentd] the sandbox's service relay (${mode}) could not start: ${error.message}\n`);
  process.exit(1);
});
