/**
 * Runs the real `agentd` launcher (node bin/agentd.js) as a child process, the way a user or a
 * service manager does. The environment is clean (no inherited AGENTD_*, API_KEY, REDIS_URL...) and
 * HOME is a temporary folder, so the machine's ~/.agentd never leaks into a test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** dist/test/cli/support -> the repository root. */
export const REPO_ROOT = path.resolve(here, '../../../..');
const LAUNCHER = path.join(REPO_ROOT, 'bin', 'agentd.js');

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** One empty HOME for every child of this test run, removed when the run ends. */
const HOME = mkdtempSync(path.join(os.tmpdir(), 'agentd-home-'));
process.once('exit', () => rmSync(HOME, { recursive: true, force: true }));

export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME, NODE_NO_WARNINGS: '1', ...extra };
}

/** A child process of agentd whose output is collected as it arrives. */
export class AgentdProcess {
  readonly child: ChildProcess;
  stdout = '';
  stderr = '';
  readonly exited: Promise<RunResult>;

  /** `as` runs it as another user (the unreadable-file attack needs one root cannot be). */
  constructor(args: string[], env: NodeJS.ProcessEnv = cleanEnv(), as: { uid?: number; gid?: number } = {}) {
    this.child = spawn(process.execPath, [LAUNCHER, ...args], { env, cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], ...as });
    this.child.stdout?.on('data', (chunk: Buffer) => (this.stdout += chunk.toString()));
    this.child.stderr?.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.exited = new Promise((resolve) => {
      this.child.once('close', (code, signal) => resolve({ code, signal, stdout: this.stdout, stderr: this.stderr }));
    });
  }

  /** Resolves when stdout (or stderr) has matched `pattern`; rejects if the process exits first. */
  waitForOutput(pattern: RegExp): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = (): void => {
        if (pattern.test(this.stdout) || pattern.test(this.stderr)) {
          cleanup();
          resolve();
        }
      };
      const onExit = (): void => {
        cleanup();
        reject(new Error(`agentd exited before printing ${pattern}:\n${this.stdout}\n${this.stderr}`));
      };
      const cleanup = (): void => {
        this.child.stdout?.off('data', check);
        this.child.stderr?.off('data', check);
        this.child.off('close', onExit);
      };
      this.child.stdout?.on('data', check);
      this.child.stderr?.on('data', check);
      this.child.once('close', onExit);
      check();
    });
  }

  /** Ends the process if it still runs; used by `after` hooks so nothing outlives the test. */
  async kill(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGKILL');
    await this.exited;
  }
}

/** Runs agentd to completion. */
export function runAgentd(args: string[], env?: NodeJS.ProcessEnv, as?: { uid?: number; gid?: number }): Promise<RunResult> {
  return new AgentdProcess(args, env, as).exited;
}

/** A port nothing listens on right now (the OS picks it, then it is released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
