/** Spawns daemon-entry.js as a real process and talks to it over HTTP; SIGKILL or SIGTERM it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'daemon-entry.js');

export interface LogLine {
  msg: string;
  jobId?: string;
  attempts?: number;
  [field: string]: unknown;
}

export class DaemonProcess {
  private child: ChildProcess | null = null;
  private output = '';
  readonly workspace: string;
  private readonly ownsWorkspace: boolean;

  /** `workspace`: a folder several daemons share (kept by remove()); default a new one of its own. */
  constructor(
    readonly name: string,
    readonly port: number,
    readonly queueUrl: string,
    readonly maxConcurrent = 2,
    workspace?: string,
  ) {
    this.ownsWorkspace = workspace === undefined;
    this.workspace = workspace ?? mkdtempSync(path.join(tmpdir(), `agentd-mi-${name}-`));
    mkdirSync(path.join(this.workspace, 'project'), { recursive: true });
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get alive(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** `stopOnWrite`: a folder at whose first write the process stops itself (see stop-on-write.ts). */
  async start(options: { stopOnWrite?: string } = {}): Promise<void> {
    this.output = '';
    const queue = this.queueUrl ? ['--queue-url', this.queueUrl] : []; // '' = the in-memory queue
    const args = [
      ENTRY,
      '--port',
      String(this.port),
      ...queue,
      '--workspace',
      this.workspace,
      '--max-concurrent',
      String(this.maxConcurrent),
      ...(options.stopOnWrite ? ['--stop-on-write', options.stopOnWrite] : []),
    ];
    const child = spawn(process.execPath, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH, HOME: this.workspace },
    });
    this.child = child;
    child.stdout!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    const deadline = Date.now() + 30_000;
    while (!this.output.includes('agentd listening on')) {
      if (!this.alive) throw new Error(`daemon ${this.name} exited while starting:\n${this.output}`);
      if (Date.now() > deadline) throw new Error(`daemon ${this.name} did not start:\n${this.output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** The JSON log lines written so far (since the last start). */
  logs(): LogLine[] {
    return this.output.split('\n').flatMap((line) => {
      if (!line.startsWith('{')) return [];
      try {
        return [JSON.parse(line) as LogLine];
      } catch {
        return [];
      }
    });
  }

  /** True when this daemon logged that it started `jobId` (optionally at a given attempt). */
  started(jobId: string, attempts?: number): boolean {
    return this.logs().some(
      (line) => line.msg === 'job started' && line.jobId === jobId && (attempts === undefined || line.attempts === attempts),
    );
  }

  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || !this.alive) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }

  /** Whether the process is stopped (SIGSTOP), from its state in /proc (Linux). */
  stopped(): boolean {
    if (!this.alive) return false;
    const stat = readFileSync(`/proc/${this.child!.pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('T');
  }

  /** SIGSTOP / SIGCONT: holds the process still while a test looks at what another one left. */
  freeze(frozen: boolean): void {
    if (this.alive) this.child!.kill(frozen ? 'SIGSTOP' : 'SIGCONT');
  }

  async remove(): Promise<void> {
    this.freeze(false);
    await this.kill('SIGTERM');
    if (this.ownsWorkspace) rmSync(this.workspace, { recursive: true, force: true });
  }
}
