/**
 * `/exec <command>`: the user's own shell command, run in the project folder with the output streamed
 * as it comes and the exit code reported. This is the only way the prompt runs commands; the agent
 * itself never does.
 */
import { spawn } from 'node:child_process';
import type { Writable } from 'node:stream';

export interface ExecOutcome {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export function runShellCommand(command: string, cwd: string, out: Writable, signal?: AbortSignal): Promise<ExecOutcome> {
  return new Promise((resolve) => {
    const shell = process.platform === 'win32' ? (process.env.ComSpec ?? 'cmd.exe') : '/bin/sh';
    const args = process.platform === 'win32' ? ['/d', '/s', '/c', command] : ['-c', command];
    const child = spawn(shell, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    child.stdout.on('data', (chunk: Buffer) => out.write(chunk));
    child.stderr.on('data', (chunk: Buffer) => out.write(chunk));
    const stop = (): void => {
      child.kill('SIGINT');
    };
    signal?.addEventListener('abort', stop, { once: true });
    child.once('error', (error) => {
      out.write(`/exec: cannot start ${shell}: ${error.message}\n`);
      resolve({ code: 127, signal: null });
    });
    child.once('close', (code, killedBy) => {
      signal?.removeEventListener('abort', stop);
      resolve({ code, signal: killedBy });
    });
  });
}

export function describeExit(outcome: ExecOutcome): string {
  return outcome.signal ? `[stopped by ${outcome.signal}]` : `[exit ${outcome.code}]`;
}
