/**
 * agentd's mocha reporter (loaded by mocha with `--reporter <this file>` inside the sandbox): each
 * test's title path, file, duration, state and error, written as JSON to `--reporter-option output=`.
 * CommonJS because mocha loads reporters given by path with require().
 */
import { writeFileSync } from 'node:fs';

interface MochaRunnable {
  title: string;
  file?: string;
  duration?: number;
  type?: string;
  titlePath(): string[];
  isPending?(): boolean;
}

interface MochaRunner {
  on(event: string, listener: (test: MochaRunnable, error?: unknown) => void): void;
  once(event: string, listener: () => void): void;
}

function errorOf(error: unknown): Record<string, unknown> {
  if (!error || typeof error !== 'object') return { message: String(error) };
  const e = error as Record<string, unknown>;
  const text = (value: unknown): string | undefined =>
    value === undefined ? undefined : typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return {
    message: typeof e.message === 'string' ? e.message : String(error),
    stack: typeof e.stack === 'string' ? e.stack : undefined,
    expected: e.showDiff === false ? undefined : text(e.expected),
    actual: e.showDiff === false ? undefined : text(e.actual),
  };
}

class AgentdMochaReporter {
  constructor(runner: MochaRunner, options: { reporterOption?: { output?: string }; reporterOptions?: { output?: string } }) {
    const output = options.reporterOption?.output ?? options.reporterOptions?.output;
    const tests: Record<string, unknown>[] = [];
    const add = (test: MochaRunnable, state: string, error?: unknown): void => {
      tests.push({
        titlePath: test.titlePath(),
        file: test.file,
        durationMs: test.duration,
        state,
        hook: test.type === 'hook' ? true : undefined,
        error: error === undefined ? undefined : errorOf(error),
      });
    };
    runner.on('pass', (test) => add(test, 'passed'));
    runner.on('fail', (test, error) => add(test, 'failed', error));
    runner.on('pending', (test) => add(test, 'skipped'));
    runner.once('end', () => {
      const json = JSON.stringify({ runner: 'mocha', tests });
      if (output) writeFileSync(output, json);
      else process.stdout.write(`${json}\n`);
    });
  }
}

module.exports = AgentdMochaReporter;
