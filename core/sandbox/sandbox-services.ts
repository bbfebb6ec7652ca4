/**
 * The host services project code may reach from the sandbox (`security.sandboxServices`, e.g. the test
 * PostgreSQL at 127.0.0.1:5432) and the variables it gets on top of the allow-list
 * (`security.sandboxEnv`, e.g. DATABASE_URL). The daemon hands both to the executor in two variables;
 * the sandbox reads them here. With `namespaces` isolation each service is relayed into the network
 * namespace at the same address (service-relay.ts); with `none` the host network is shared anyway; with
 * `network` (no namespace setup to start the relay in) they stay unreachable, which the docs say.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hostSpawn } from './host-spawn.js';

export const SERVICES_VARIABLE = 'AGENTD_SANDBOX_SERVICES';
export const ENV_VARIABLE = 'AGENTD_SANDBOX_ENV';
const RELAY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'service-relay.js');
const READY_MS = 10_000;

export interface SandboxService {
  host: string;
  port: number;
}

/** "127.0.0.1:5432,localhost:6379" -> the services; malformed entries are left out (the config schema refuses them first). */
export function servicesFrom(value: string | undefined): SandboxService[] {
  return (value ?? '')
    .split(',')
    .map((entry) => /^(.+):(\d{1,5})$/.exec(entry.trim()))
    .filter((m): m is RegExpExecArray => m !== null && Number(m[2]) > 0 && Number(m[2]) < 65536)
    .map((m) => ({ host: m[1]!, port: Number(m[2]) }));
}

/** The operator's extra variables for project code (a JSON object of strings); anything else is ignored. */
export function extraEnvFrom(value: string | undefined): Record<string, string> {
  if (!value) return {};
  try {
    const parsed = JSON.parse(value) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

/** What the namespace setup starts before the program: the inside half of the relay. */
export interface InsideRelay {
  node: string;
  script: string;
  ready: string;
  specs: string;
}

/**
 * Starts the host half in `dir` (the run's scratch folder) and returns the inside half's arguments and a
 * stop function; null when there is nothing to relay.
 */
export async function startRelay(dir: string, services: SandboxService[]): Promise<{ inside: InsideRelay; stop(): void } | null> {
  if (services.length === 0) return null;
  const child = hostSpawn(process.execPath, [RELAY, 'host', dir, ...services.map((s) => `${s.host}:${s.port}`)], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
  });
  const stop = (): void => {
    child.kill('SIGKILL');
  };
  await new Promise<void>((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`no answer in ${READY_MS} ms`)), READY_MS);
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      if (!chunk.toString().includes('ready')) return;
      clearTimeout(timer);
      resolve();
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}: ${err.trim()}`));
    });
  }).catch((error: Error) => {
    stop();
    throw new Error(`The sandbox's service relay could not start (${error.message}).`);
  });
  const specs = services.map((s) => `${s.port}=${path.join(dir, `service-${s.port}.sock`)}`).join(',');
  return { inside: { node: process.execPath, script: RELAY, ready: path.join(dir, 'relay.ready'), specs }, stop };
}
