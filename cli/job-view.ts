import type { Writable } from 'node:stream';
import { ProgressBar } from './progress-bar.js';

/** The parts of a job record and its events that `agentd logs --job` shows (API.md). */
export interface JobSnapshot {
  id: string;
  status: string;
  steps: Array<{ index: number; capability: string; status: string; summary: string | null }>;
  progress: { completedSteps: number; totalSteps: number; percent: number; message: string };
  result: { summary?: string } | null;
  error: { code: string; message: string } | null;
  usage?: { durationMs?: number };
  /** Planned steps that did not run (an `incomplete` job). */
  notRun?: Array<{ index: number; capability: string; reason: string }>;
}

export type JobEventData = Record<string, unknown> & { type?: string };

/** How a followed job is shown: a live progress bar on a terminal, plain lines in pipes and logs. */
export interface JobView {
  event(type: string, data: JobEventData): void;
  /** A line for the user that is not a job event (what to do next). */
  note(text: string): void;
  end(summary: string): void;
}

const stepLabel = (index: number, total: number, capability: unknown): string => `step ${index + 1}/${total} ${String(capability)}`;

function logLine(data: JobEventData): string {
  const step = typeof data.step === 'number' ? ` (step ${data.step + 1})` : '';
  return `${String(data.at ?? '')} ${String(data.level ?? 'info')
    .toUpperCase()
    .padEnd(5)} ${String(data.message ?? '')}${step}`.trim();
}

/** Plain lines, one per event: for pipes, CI logs and tests. */
export class LineJobView implements JobView {
  constructor(
    private readonly out: Writable,
    private readonly totalSteps: number,
  ) {}

  event(type: string, data: JobEventData): void {
    const total = Number(data.totalSteps ?? this.totalSteps);
    if (type === 'status') this.out.write(`status ${String(data.status)}\n`);
    else if (type === 'step') {
      const summary = data.summary ? ` — ${String(data.summary)}` : '';
      this.out.write(`${stepLabel(Number(data.index), total, data.capability)} ${String(data.status)}${summary}\n`);
    } else if (type === 'progress')
      this.out.write(`progress ${Math.round(Number(data.percent))}% ${String(data.message ?? '')}`.trimEnd() + '\n');
    else if (type === 'log') this.out.write(`log ${logLine(data)}\n`);
  }

  note(text: string): void {
    this.out.write(`${text}\n`);
  }

  end(summary: string): void {
    this.out.write(`${summary}\n`);
  }
}

/** A progress bar with the current step, redrawn in place; steps finishing and log events scroll above it. */
export class BarJobView implements JobView {
  private readonly bar: ProgressBar;
  private percent = 0;
  private label = 'queued';

  constructor(
    out: Writable,
    private totalSteps: number,
  ) {
    this.bar = new ProgressBar(out);
    this.bar.update(0, this.label);
  }

  event(type: string, data: JobEventData): void {
    if (type === 'status') this.label = String(data.status);
    else if (type === 'step') this.onStep(data);
    else if (type === 'progress') {
      this.percent = Number(data.percent);
      this.totalSteps = Number(data.totalSteps ?? this.totalSteps);
      if (data.message) this.label = `${this.label.split(' — ')[0]} — ${String(data.message)}`;
    } else if (type === 'log') this.bar.print(logLine(data));
    this.bar.update(this.percent, this.label);
  }

  note(text: string): void {
    this.bar.print(text);
    this.bar.update(this.percent, this.label);
  }

  end(summary: string): void {
    this.bar.update(this.percent, this.label);
    this.bar.finish();
    this.bar.print(summary);
  }

  private onStep(data: JobEventData): void {
    const label = stepLabel(Number(data.index), this.totalSteps, data.capability);
    if (data.status === 'running') this.label = label;
    else if (data.status !== 'pending')
      this.bar.print(
        `${data.status === 'succeeded' ? '✓' : '✗'} ${label} ${String(data.status)}${data.summary ? ` — ${String(data.summary)}` : ''}`,
      );
  }
}
