/**
 * `runSandboxed`: the one way agentd starts a program that runs a project's code (its tests, builds,
 * scripts, its ESLint config and plugins, Prettier JS configs and plugins). The program runs in a child
 * process with an allow-listed environment (sandbox-env.ts), a scratch HOME and temp folder removed
 * afterwards, CPU and memory limits, a wall clock, capped output, and — where the machine allows it —
 * no network and no sight of the daemon (isolation.ts). Never through a shell: arguments are passed as
 * they are.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CommandResult } from '../contracts/index.js';
import { AgentdError } from '../errors/index.js';
import { hostSpawn } from './host-spawn.js';
import { availableIsolation, findHelpers, wrapCommand, type Isolation } from './isolation.js';
import { OutputBuffer } from './output-buffer.js';
import { resolveCommand } from './resolve-command.js';
import { sandboxEnv } from './sandbox-env.js';
import { ENV_VARIABLE, SERVICES_VARIABLE, extraEnvFrom, servicesFrom, startRelay } from './sandbox-services.js';

export const SANDBOX_DEFAULTS = { timeoutMs: 60_000, memoryMB: 2048, maxOutputBytes: 1_000_000 };
/** The daemon lists its secret files here (path-delimiter separated) for the sandbox to cover. */
export const HIDDEN_PATHS_VARIABLE = 'AGENTD_SANDBOX_HIDE';

export interface SandboxRequest {
  command: string;
  args: string[];
  /** The working folder (the workspace root). */
  cwd: string;
  signal?: AbortSignal;
  /** Written to the program's stdin, which is then closed; without it stdin is empty. */
  stdin?: string;
  timeoutMs?: number;
  /** The program's data-segment limit (RLIMIT_DATA); its CPU time is limited to twice the wall clock. */
  memoryMB?: number;
  /** Per stream; what is over it is dropped and `truncated` is set. */
  maxOutputBytes?: number;
  /** Folders the program may read but not change (with `namespaces` isolation). */
  readOnly?: string[];
}

export interface SandboxResult extends CommandResult {
  isolation: Isolation;
  truncated: boolean;
}

function hiddenPaths(): string[] {
  return (process.env[HIDDEN_PATHS_VARIABLE] ?? '').split(path.delimiter).filter((entry) => path.isAbsolute(entry));
}

export async function runSandboxed(request: SandboxRequest): Promise<SandboxResult> {
  request.signal?.throwIfAborted();
  const scratch = await mkdtemp(path.join(tmpdir(), 'agentd-sandbox-'));
  let relay: Awaited<ReturnType<typeof startRelay>> = null;
  try {
    const env = sandboxEnv(process.env, scratch, extraEnvFrom(process.env[ENV_VARIABLE]));
    const program = resolveCommand(request.command, env.PATH!, request.cwd);
    const isolation = await availableIsolation();
    // The host services the operator allowed (a test database): relayed into the network namespace.
    relay = isolation === 'namespaces' ? await startRelay(scratch, servicesFrom(process.env[SERVICES_VARIABLE])) : null;
    const timeoutMs = request.timeoutMs ?? SANDBOX_DEFAULTS.timeoutMs;
    const limits = {
      cpuSeconds: (2 * timeoutMs) / 1000,
      memoryMB: request.memoryMB ?? SANDBOX_DEFAULTS.memoryMB,
      hidden: hiddenPaths(),
      readOnly: request.readOnly ?? [],
      ...(relay ? { relay: relay.inside } : {}),
    };
    const { file, argv } = wrapCommand(isolation, findHelpers(env.PATH!), limits, program, request.args);
    const ran = await spawnBounded(file, argv, env, { ...request, timeoutMs });
    return { ...ran, isolation };
  } finally {
    relay?.stop();
    await rm(scratch, { recursive: true, force: true });
  }
}

type Bounded = Omit<SandboxResult, 'isolation'>;

/** Kills the program and everything it started (its process group; with namespaces, its PID namespace). */
function killTree(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

function spawnBounded(
  file: string,
  argv: string[],
  env: Record<string, string>,
  request: SandboxRequest & { timeoutMs: number },
): Promise<Bounded> {
  const started = Date.now();
  const maxBytes = request.maxOutputBytes ?? SANDBOX_DEFAULTS.maxOutputBytes;
  return new Promise((resolve, reject) => {
    const child = hostSpawn(file, argv, { cwd: request.cwd, env, shell: false, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout = new OutputBuffer(maxBytes);
    const stderr = new OutputBuffer(maxBytes);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killTree(child.pid);
    }, request.timeoutMs);
    const onAbort = (): void => killTree(child.pid);
    request.signal?.addEventListener('abort', onAbort, { once: true });
    const finish = (): void => {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onAbort);
    };
    child.stdout.on('data', stdout.push);
    child.stderr.on('data', stderr.push);
    // A program that exits without reading its input closes the pipe under us: not an error of the run.
    child.stdin.on('error', () => undefined);
    child.stdin.end(request.stdin ?? '');
    // Whatever it left running in its group (a server a test started) would hold the pipes open.
    child.on('exit', () => killTree(child.pid));
    child.on('error', (error: NodeJS.ErrnoException) => {
      finish();
      reject(
        new AgentdError(
          'file_not_found',
          `Command "${request.command}" could not start (${error.code ?? error.message}); check it runs in the workspace.`,
          { cause: error },
        ),
      );
    });
    child.on('close', (code, signal) => {
      finish();
      if (request.signal?.aborted) return reject(request.signal.reason);
      const exitCode = timedOut ? 124 : (code ?? 128 + signalNumber(signal));
      const notes = [
        timedOut ? `"${request.command}" was killed after ${request.timeoutMs} ms.` : '',
        signal && !timedOut ? `"${request.command}" was killed by ${signal} (a CPU or memory limit, or a crash).` : '',
        stdout.truncated || stderr.truncated ? `output over ${maxBytes} bytes was dropped.` : '',
      ]
        .filter(Boolean)
        .map((note) => `\n[agentd] ${note}`)
        .join('');
      resolve({
        exitCode,
        stdout: stdout.text(),
        stderr: stderr.text() + notes,
        durationMs: Date.now() - started,
        timedOut,
        truncated: stdout.truncated || stderr.truncated,
      });
    });
  });
}

const SIGNALS: Record<string, number> = { SIGKILL: 9, SIGXCPU: 24, SIGSEGV: 11, SIGABRT: 6, SIGTERM: 15 };

function signalNumber(signal: NodeJS.Signals | null): number {
  return signal ? (SIGNALS[signal] ?? 0) : 0;
}
