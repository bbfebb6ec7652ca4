/**
 * `node probe-http.js` with `{ module, exportName, factory, framework, requests }` as JSON on stdin:
 * imports the project's app module, starts the app on an ephemeral port of 127.0.0.1 (as the generated
 * tests do), makes the requests in order with Node's fetch and prints, for each, the status, the headers
 * a test asserts and the body (parsed JSON, else text). Runs only inside the sandbox (testing.integration
 * starts it through ctx.tools.runCommand): agentd's code running the project's code; never imported.
 */
import { pathToFileURL } from 'node:url';

interface Probe {
  module: string;
  exportName: string;
  factory: boolean;
  framework: 'express' | 'fastify';
  requests: { method: string; path: string; body?: unknown }[];
}

export interface Answer {
  status?: number;
  headers?: Record<string, string>;
  json?: unknown;
  text?: string;
  error?: string;
}

const KEPT_HEADERS = ['content-type', 'location', 'cache-control'];

interface Server {
  listen: (...args: unknown[]) => unknown;
  close: (cb?: () => void) => unknown;
  closeAllConnections?: () => void;
  address: () => { port: number } | string | null;
  once: (event: string, cb: (...args: unknown[]) => void) => Server;
}

async function main(): Promise<void> {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  const probe = JSON.parse(input) as Probe;
  const mod = (await import(pathToFileURL(probe.module).href)) as Record<string, unknown>;
  const exported =
    probe.exportName === 'module.exports' || probe.exportName === 'default'
      ? mod.default
      : (mod[probe.exportName] ?? (mod.default as Record<string, unknown> | undefined)?.[probe.exportName]);
  const app = (probe.factory ? await (exported as () => unknown)() : exported) as Record<string, (...args: unknown[]) => unknown>;
  let base: string;
  let stop: () => Promise<void>;
  if (probe.framework === 'fastify') {
    await app.listen!({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${((app.server as unknown as Server).address() as { port: number }).port}`;
    stop = async () => void (await app.close!());
  } else {
    const server = app.listen!(0, '127.0.0.1') as Server;
    await new Promise((resolve, reject) => server.once('listening', resolve).once('error', reject));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    stop = () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      });
  }
  const answers: Answer[] = [];
  for (const request of probe.requests) {
    try {
      const response = await fetch(`${base}${request.path}`, {
        method: request.method,
        ...(request.body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(request.body) }),
      });
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = response.headers.get(name);
        if (value !== null) headers[name] = value;
      }
      const text = await response.text();
      let json: unknown;
      try {
        json = text === '' ? undefined : JSON.parse(text);
      } catch {
        json = undefined;
      }
      answers.push(json === undefined ? { status: response.status, headers, text } : { status: response.status, headers, json });
    } catch (error) {
      answers.push({
        error: `${(error as Error).message}${(error as { cause?: { code?: string } }).cause?.code ? ` (${(error as { cause: { code: string } }).cause.code})` : ''}`,
      });
    }
  }
  await stop();
  process.stdout.write(`\n@@agentd-probe@@${JSON.stringify(answers)}\n`);
  // The app may hold timers or pools open; the answers are written.
  process.exit(0);
}

await main();
