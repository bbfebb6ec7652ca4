/** Child processes of the stall bench: an agentd build's daemon, the express peer, the prober; and RSS of a process tree. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../test/cli/support/agentd-process.js';

const here = path.dirname(fileURLToPath(import.meta.url));

function waitFor(child: ChildProcess, pattern: RegExp, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`${what} did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      if (pattern.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', () => reject(new Error(`${what} exited:\n${output}`)));
  });
}

export interface Running {
  child: ChildProcess;
  url: string;
  stop(): Promise<void>;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** `agentd start` of the build in `repo` (a checkout with its dist/ built), HOME a scratch folder. */
export async function startDaemon(repo: string, workspace: string, home: string): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(repo, 'bin', 'agentd.js'), 'start', '-p', String(port), '--workspace', workspace], {
    cwd: repo,
    env: { PATH: process.env.PATH, HOME: home, LOG_LEVEL: 'warn', AGENTD_WORKSPACE_DEFAULT: '.' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (
    !(await fetch(`${url}/health`).then(
      (reply) => reply.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop(child); // never left behind
      throw new Error(`agentd (${repo}) did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, url, stop: () => stop(child) };
}

export async function startPeer(): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(here, 'peer-entry.js'), String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  await waitFor(child, /listening/, 'the express peer');
  return { child, url: `http://127.0.0.1:${port}`, stop: () => stop(child) };
}

export interface Probe {
  /** Stops probing; latencies (ms) and failures per target. */
  finish(): Promise<Record<string, { latencies: number[]; errors: number }>>;
}

export async function startProbe(targets: { name: string; url: string }[], intervalMs = 20): Promise<Probe> {
  const child = spawn(process.execPath, [path.join(here, 'probe-entry.js'), JSON.stringify({ targets, intervalMs })], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  await waitFor(child, /ready/, 'the /health prober');
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    finish: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin!.write('stop\n');
      await exited;
      return JSON.parse(output.slice(output.indexOf('{'))) as Record<string, { latencies: number[]; errors: number }>;
    },
  };
}

/** Resident memory of `pid` and all its descendants, in MB (Linux /proc). */
export function treeRssMb(pid: number): number {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const ppid = Number(/PPid:\s+(\d+)/.exec(readFileSync(`/proc/${name}/status`, 'utf8'))?.[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      /* gone meanwhile */
    }
  }
  let kb = 0;
  const pending = [pid];
  while (pending.length > 0) {
    const current = pending.pop()!;
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${current}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      /* gone meanwhile */
    }
    pending.push(...(children.get(current) ?? []));
  }
  return kb / 1024;
}

/** Samples the tree's RSS every 250 ms until stopped; resolves the peak. */
export function samplePeakRss(pid: number): { stop(): number } {
  let peak = treeRssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, treeRssMb(pid))), 250);
  return { stop: () => (clearInterval(timer), Math.max(peak, treeRssMb(pid))) };
}
