/**
 * The interactive `agentd agent` prompt: a readline loop over the slash commands, with persistent
 * history. Ctrl-C cancels a running job (or /exec command) instead of killing the prompt; at an idle
 * prompt it clears the line and prints a hint, and a second Ctrl-C in a row (or Ctrl-D) leaves.
 */
import { createInterface, type Interface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { formatReport, checkHealth } from '../health-report.js';
import { AgentSession } from './agent-session.js';
import type { Connection } from './connection.js';
import { describeExit, runShellCommand } from './exec-command.js';
import { HISTORY_SIZE, loadHistory, saveHistory } from './history-file.js';
import { renderJobList } from './render-jobs.js';
import type { Palette } from './palette.js';
import { HELP_TEXT, parsePromptLine, type PromptCommand } from './slash-command.js';
import { TaskApi } from './task-api.js';

export interface PromptOptions {
  connection: Connection;
  input: Readable & { isTTY?: boolean };
  output: Writable & { isTTY?: boolean };
  palette: Palette;
  cwd: string;
  historyFile: string;
  resume?: string;
}

export class PromptLoop {
  private readonly session: AgentSession;
  private readonly api: TaskApi;
  private readonly rl: Interface;
  private busy = false;
  private stopExec: AbortController | null = null;
  private armedExit = false;
  private leaving = false;
  private inputEnded = false;
  /** The lines being handled, in order. */
  private work: Promise<void> = Promise.resolve();
  private finished!: () => void;
  readonly done = new Promise<void>((resolve) => (this.finished = resolve));

  constructor(private readonly options: PromptOptions) {
    this.api = new TaskApi(options.connection.target, options.connection.jobFields);
    this.session = new AgentSession(this.api, options.output, options.palette);
    this.rl = createInterface({
      input: options.input,
      output: options.output,
      terminal: options.output.isTTY === true && options.input.isTTY === true,
      history: loadHistory(options.historyFile),
      historySize: HISTORY_SIZE,
      removeHistoryDuplicates: true,
    });
    this.rl.on('history', (history: string[]) => saveHistory(options.historyFile, history));
    this.rl.on('line', (line) => void this.onLine(line));
    this.rl.on('SIGINT', () => this.onInterrupt());
    this.rl.on('close', () => {
      this.inputEnded = true;
      this.finished();
    });
  }

  async run(): Promise<void> {
    this.say(this.options.palette.bold(`agentd agent — ${this.options.connection.banner}`));
    this.say('Type /agent universal-agent "<task>" to start, /help for the commands.');
    if (this.options.resume) await this.guard(() => this.session.resume(this.options.resume!));
    this.prompt();
    // Without a terminal, Ctrl-C arrives as a real signal rather than through readline.
    const onSignal = (): void => this.onInterrupt();
    process.on('SIGINT', onSignal);
    await this.done;
    await this.work; // the end of piped input lets its last command finish
    process.off('SIGINT', onSignal);
  }

  promptText(): string {
    const auto = this.session.auto ? '[auto]' : '';
    return this.session.state === 'approval' ? `agentd${auto} (y/n/v or refine)> ` : `agentd${auto}> `;
  }

  private prompt(): void {
    this.rl.setPrompt(this.promptText());
    this.rl.prompt();
  }

  private onLine(line: string): void {
    this.armedExit = false;
    if (this.busy && this.terminal) {
      // On a terminal, a line typed while a job runs is refused rather than run later by surprise.
      if (line.trim() !== '') this.say('A job is running; wait for it, or press Ctrl-C to cancel it.');
      return;
    }
    // Piped input (a script) is taken in order: each line waits for the one before.
    this.work = this.work.then(() => this.handle(line));
  }

  private async handle(line: string): Promise<void> {
    if (this.leaving) return;
    this.busy = true;
    try {
      const keepGoing = await this.guard(() => this.execute(parsePromptLine(line)));
      if (keepGoing === false) {
        this.leaving = true;
        this.rl.close();
        return;
      }
    } finally {
      this.busy = false;
    }
    if (!this.inputEnded) this.prompt();
  }

  private get terminal(): boolean {
    return (this.rl as unknown as { terminal: boolean }).terminal;
  }

  /** False to leave the prompt. */
  private async execute(command: PromptCommand): Promise<boolean> {
    switch (command.kind) {
      case 'quit':
        return false;
      case 'empty':
        return true;
      case 'help':
        this.say(HELP_TEXT);
        return true;
      case 'invalid':
        this.say(command.message);
        return true;
      case 'auto':
        this.session.toggleAuto();
        return true;
      case 'agent':
        await this.session.start(command.task);
        return true;
      case 'text':
        await this.session.text(command.text);
        return true;
      case 'exec':
        await this.exec(command.command);
        return true;
      case 'jobs':
        this.say(renderJobList(await this.api.list(50), this.options.palette));
        return true;
      case 'status':
        this.say(`${this.options.connection.banner}\n${formatReport(await checkHealth(this.api.target))}`);
        return true;
    }
  }

  private async exec(command: string): Promise<void> {
    this.stopExec = new AbortController();
    try {
      const outcome = await runShellCommand(command, this.options.cwd, this.options.output, this.stopExec.signal);
      this.say(this.options.palette.dim(describeExit(outcome)));
    } finally {
      this.stopExec = null;
    }
  }

  private onInterrupt(): void {
    if (this.session.interrupt()) return;
    if (this.stopExec) {
      this.stopExec.abort();
      return;
    }
    if (this.busy) return;
    if (this.armedExit) {
      this.say('');
      this.rl.close();
      return;
    }
    this.armedExit = true;
    if (this.terminal) this.rl.write(null, { ctrl: true, name: 'u' }); // clear what was typed
    this.say('\n(Ctrl-C again or Ctrl-D to leave; /help for the commands)');
    this.prompt();
  }

  /** Errors of one command are shown as one line; the prompt goes on. */
  private async guard<T>(work: () => Promise<T>): Promise<T | undefined> {
    try {
      return await work();
    } catch (error) {
      this.say(this.options.palette.red(`error: ${(error as Error)?.message ?? String(error)}`));
      return undefined;
    }
  }

  private say(text: string): void {
    this.options.output.write(`${text}\n`);
  }
}
