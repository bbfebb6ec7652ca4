/**
 * A real terminal for driving `agentd agent` as a person would: a detached tmux session on a private
 * server socket (so nothing touches the user's tmux), keys sent with send-keys, the screen read with
 * capture-pane. Waits poll the screen until a pattern shows; the mocha timeout bounds them.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';

export interface TerminalOptions {
  command: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  width?: number;
  height?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class TmuxTerminal {
  private readonly socket = `agentd-test-${process.pid}-${randomBytes(3).toString('hex')}`;
  private mark = 0;

  constructor(private readonly options: TerminalOptions) {}

  start(): this {
    const { width = 200, height = 50 } = this.options;
    this.tmux([
      'new-session',
      '-d',
      '-s',
      'agent',
      '-x',
      String(width),
      '-y',
      String(height),
      '-c',
      this.options.cwd,
      this.options.command,
    ]);
    // A big scrollback, so the whole conversation can be read back.
    this.tmux(['set-option', '-t', 'agent', 'history-limit', '50000']);
    return this;
  }

  /** Types a line and presses Enter; later waits look only at what appears after this point. */
  typeLine(text: string): void {
    this.mark = this.screen().length;
    this.tmux(['send-keys', '-t', 'agent', '-l', text]);
    this.tmux(['send-keys', '-t', 'agent', 'Enter']);
  }

  /** Presses a key by tmux name (C-c, C-d). */
  press(key: string): void {
    this.mark = this.screen().length;
    this.tmux(['send-keys', '-t', 'agent', key]);
  }

  /** The whole conversation so far as plain text (or with colour escapes), wrapped lines joined. */
  screen(escapes = false): string {
    const args = ['capture-pane', '-p', '-J', '-S', '-', '-t', 'agent', ...(escapes ? ['-e'] : [])];
    return this.tmux(args).replace(/\s+$/, '');
  }

  /** What appeared since the last typed line or key. */
  sinceInput(): string {
    return this.screen().slice(this.mark);
  }

  async waitFor(pattern: RegExp): Promise<string> {
    for (;;) {
      if (!this.alive()) throw new Error(`agentd agent exited before showing ${pattern}`);
      const text = this.sinceInput();
      if (pattern.test(text)) return text;
      await sleep(100);
    }
  }

  async waitForExit(): Promise<void> {
    while (this.alive()) await sleep(100);
  }

  alive(): boolean {
    return spawnSync('tmux', ['-L', this.socket, 'has-session', '-t', 'agent'], { env: this.options.env, stdio: 'ignore' }).status === 0;
  }

  /** Ends the private tmux server and whatever still runs in it. */
  close(): void {
    spawnSync('tmux', ['-L', this.socket, 'kill-server'], { env: this.options.env, stdio: 'ignore' });
  }

  private tmux(args: string[]): string {
    return execFileSync('tmux', ['-L', this.socket, ...args], { env: this.options.env, encoding: 'utf8' });
  }
}

export function tmuxAvailable(): boolean {
  return spawnSync('tmux', ['-V'], { stdio: 'ignore' }).status === 0;
}
