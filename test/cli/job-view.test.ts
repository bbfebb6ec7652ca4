import { expect } from 'chai';
import { Writable } from 'node:stream';
import { BarJobView, LineJobView } from '../../cli/job-view.js';
import { renderBar } from '../../cli/progress-bar.js';
import { formatDuration } from '../../cli/format-duration.js';

class Terminal extends Writable {
  isTTY = true;
  columns = 120;
  text = '';
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
  /** What the screen shows: each \r\x1b[2K clears the current line. */
  screen(): string[] {
    const lines: string[] = [];
    for (const raw of this.text.split('\n')) {
      const parts = raw.split('\r\x1b[2K');
      lines.push(parts[parts.length - 1]);
    }
    return lines.filter(Boolean);
  }
}

describe('job views of agentd logs --job', () => {
  const events: Array<[string, Record<string, unknown>]> = [
    ['status', { status: 'running' }],
    ['step', { index: 0, capability: 'analysis.complexity', status: 'running' }],
    ['log', { level: 'warn', message: 'big file skipped', step: 0, at: '2025-01-01T00:00:00.000Z' }],
    ['progress', { completedSteps: 0, totalSteps: 2, percent: 25, message: 'parsing' }],
    ['step', { index: 0, capability: 'analysis.complexity', status: 'succeeded', summary: '3 findings' }],
    ['step', { index: 1, capability: 'analysis.security', status: 'running' }],
    ['progress', { completedSteps: 1, totalSteps: 2, percent: 50, message: 'step 2' }],
  ];

  it('draws a progress bar with the current step on a terminal, log lines and finished steps above it', () => {
    const terminal = new Terminal();
    const view = new BarJobView(terminal, 2);
    for (const [type, data] of events) view.event(type, data);
    expect(terminal.text).to.include('\r\x1b[2K');
    const screen = terminal.screen();
    expect(screen).to.include('2025-01-01T00:00:00.000Z WARN  big file skipped (step 1)');
    expect(screen).to.include('✓ step 1/2 analysis.complexity succeeded — 3 findings');
    expect(screen[screen.length - 1]).to.equal(`${renderBar(50)} step 2/2 analysis.security — step 2`);
    view.end('job j1 succeeded');
    expect(terminal.screen()[terminal.screen().length - 1]).to.equal('job j1 succeeded');
  });

  it('prints one plain line per event when not on a terminal', () => {
    const out = new Terminal();
    out.isTTY = false;
    const view = new LineJobView(out, 2);
    for (const [type, data] of events) view.event(type, data);
    view.end('job j1 succeeded');
    expect(out.text.split('\n').filter(Boolean)).to.deep.equal([
      'status running',
      'step 1/2 analysis.complexity running',
      'log 2025-01-01T00:00:00.000Z WARN  big file skipped (step 1)',
      'progress 25% parsing',
      'step 1/2 analysis.complexity succeeded — 3 findings',
      'step 2/2 analysis.security running',
      'progress 50% step 2',
      'job j1 succeeded',
    ]);
    expect(out.text).to.not.include('\r');
  });

  const bars: Array<[number, string]> = [
    [0, `[${'░'.repeat(24)}]   0%`],
    [50, `[${'█'.repeat(12)}${'░'.repeat(12)}]  50%`],
    [100, `[${'█'.repeat(24)}] 100%`],
    [140, `[${'█'.repeat(24)}] 100%`],
    [-3, `[${'░'.repeat(24)}]   0%`],
  ];
  for (const [percent, bar] of bars) {
    it(`renders ${percent}% as ${bar}`, () => expect(renderBar(percent)).to.equal(bar));
  }

  const uptimes: Array<[number, string]> = [
    [0, '0s'],
    [45, '45s'],
    [192, '3m 12s'],
    [3600, '1h 0m'],
    [7505, '2h 5m'],
    [90061, '1d 1h'],
  ];
  for (const [seconds, text] of uptimes) {
    it(`shows an uptime of ${seconds} s as "${text}"`, () => expect(formatDuration(seconds)).to.equal(text));
  }
});
