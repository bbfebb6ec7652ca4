/** `tools.runCommand`: a program run in the workspace root without a shell, bounded in time and output. */
import { spawn } from 'node:child_process';
import type { CommandResult } from '../contracts/index.js';
import { AgentdError } from '../errors/index.js';

export const DEFAULT_COMMAND_TIMEOUT_MS = 60_000;
// Enough for a test runner's report; a runaway command must not fill the worker's heap.
const MAX_OUTPUT_CHARS = 1_000_000;

export interface RunCommandOptions {
  cwd: string;
  signal: AbortSignal;
  timeoutMs?: number;
}

function collector(): { push(chunk: Buffer): void; text(): string } {
  let text = '';
  return {
    push(chunk) {
      if (text.length < MAX_OUTPUT_CHARS) text += chunk.toString('utf8').slice(0, MAX_OUTPUT_CHARS - text.length);
    },
    text: () => text,
  };
}

/**
 * Resolves with the program's exit code, or 124 with `timedOut` (as timeout(1) reports) when it ran
 * out of time. Rejects when the job is aborted or the program cannot be started.
 */
export function runCommand(command: string, args: string[], options: RunCommandOptions): Promise<CommandResult> {
  options.signal.throwIfAborted();
  const started = Date.now();
  const timeoutMs = options.timeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, shell: false, stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout = collector();
    const stderr = collector();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    const onAbort = (): void => {
      child.kill('SIGKILL');
    };
    options.signal.addEventListener('abort', onAbort, { once: true });
    const finish = (): void => {
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onAbort);
    };
    child.stdout.on('data', stdout.push);
    child.stderr.on('data', stderr.push);
    child.on('error', (error: NodeJS.ErrnoException) => {
      finish();
      const message = error.code === 'ENOENT' ? `Command "${command}" was not found; install it or use another command.` : `Command "${command}" could not start (${error.message}); check it runs in the workspace.`;
      reject(new AgentdError('file_not_found', message, { cause: error }));
    });
    child.on('close', (code) => {
      finish();
      if (options.signal.aborted) return reject(options.signal.reason);
      const exitCode = timedOut ? 124 : (code ?? -1);
      const note = timedOut ? `\n[agentd] "${command}" was killed after ${timeoutMs} ms.` : '';
      resolve({ exitCode, stdout: stdout.text(), stderr: stderr.text() + note, durationMs: Date.now() - started, timedOut });
    });
  });
}
