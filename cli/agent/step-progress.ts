/**
 * What the prompt shows while a task job runs: on a terminal, a progress bar with the current step
 * redrawn in place and one line per finished step above it; elsewhere, one plain line per step change.
 */
import type { Writable } from 'node:stream';
import { ProgressBar } from '../progress-bar.js';
import type { Palette } from './palette.js';

export interface StepEvent {
  index: number;
  capability: string;
  status: string;
  summary?: string | null;
}

const MARKS: Record<string, string> = { succeeded: '✓', skipped: '–', failed: '✗', cancelled: '✗' };

export class StepProgress {
  private readonly bar: ProgressBar | null;
  private percent = 0;
  private label = 'queued';
  private total = 0;

  constructor(
    private readonly out: Writable & { isTTY?: boolean },
    private readonly palette: Palette,
  ) {
    this.bar = out.isTTY ? new ProgressBar(out) : null;
  }

  status(status: string): void {
    // Until a step starts, the label is the job's status (queued, running).
    if (this.label === 'queued' || this.label === 'running') this.label = status;
    this.redraw();
  }

  progress(percent: number, totalSteps: number, message: string): void {
    this.percent = percent;
    // A run may cover part of the plan (verification runs after staging): never count fewer steps than seen.
    this.total = Math.max(this.total, totalSteps || 0);
    if (message && this.bar) this.label = `${this.label.split(' — ')[0]} — ${message}`;
    this.redraw();
  }

  step(event: StepEvent): void {
    if (this.total > 0) this.total = Math.max(this.total, event.index + 1);
    const name = `step ${event.index + 1}${this.total ? `/${this.total}` : ''} ${event.capability}`;
    if (event.status === 'running') {
      this.label = name;
      if (!this.bar) this.out.write(`… ${name} running\n`);
    } else if (event.status !== 'pending') {
      const mark = MARKS[event.status] ?? '•';
      const colour = event.status === 'succeeded' ? this.palette.green : event.status === 'skipped' ? this.palette.dim : this.palette.red;
      this.line(`${colour(mark)} ${name} ${event.status}${event.summary ? ` — ${event.summary}` : ''}`);
    }
    this.redraw();
  }

  /** Leaves the bar's last state on screen and moves below it. */
  finish(): void {
    this.bar?.finish();
  }

  private line(text: string): void {
    if (this.bar) this.bar.print(text);
    else this.out.write(`${text}\n`);
  }

  private redraw(): void {
    this.bar?.update(this.percent, this.label);
  }
}
