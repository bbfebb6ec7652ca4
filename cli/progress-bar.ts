import type { Writable } from 'node:stream';

/** `[██████░░░░░░░░░░░░░░]  30%`: the bar and the percentage, clamped to 0..100. */
export function renderBar(percent: number, width = 24): string {
  const clamped = Math.min(100, Math.max(0, Number.isFinite(percent) ? percent : 0));
  const filled = Math.round((clamped / 100) * width);
  return `[${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${String(Math.round(clamped)).padStart(3)}%`;
}

/**
 * One status line redrawn in place on a terminal. Lines printed through `print()` appear above it,
 * so log events scroll while the bar stays at the bottom.
 */
export class ProgressBar {
  private current = '';

  constructor(private readonly out: Writable & { columns?: number }) {}

  update(percent: number, label: string): void {
    const line = `${renderBar(percent)} ${label}`;
    const columns = this.out.columns ?? 100;
    this.current = line.length > columns - 1 ? `${line.slice(0, columns - 2)}…` : line;
    this.redraw();
  }

  print(line: string): void {
    this.out.write(`\r\x1b[2K${line}\n`);
    this.redraw();
  }

  /** Leaves the last state of the bar on screen and moves below it. */
  finish(): void {
    if (this.current) this.out.write('\n');
    this.current = '';
  }

  private redraw(): void {
    if (this.current) this.out.write(`\r\x1b[2K${this.current}`);
  }
}
