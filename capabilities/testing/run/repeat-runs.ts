/**
 * One round of a generated test file's runs, shared by the testing capabilities that write tests
 * (unit, integration, component): the file runs `times` times in the project's runner (in the sandbox,
 * through executeTests), and the round says which test titles failed in any run and how each run went.
 * A file its runner did not run at all (no report, or none of its tests in it) is test_run_failed, with
 * the runner's last lines.
 */
import { AgentdError, type CapabilityContext } from '../../../core/index.js';
import { executeTests } from './execute-tests.js';

export interface RepeatedRuns {
  /** The last title of every test that did not pass in at least one run. */
  failing: Set<string>;
  runs: { passed: number; failed: number }[];
}

export interface RepeatOptions {
  times: number;
  timeoutMs: number;
  /** Called before each run (progress lines). */
  beforeRun?: (run: number) => void;
  /** Added to the test_run_failed message (e.g. "nothing was staged"). */
  whenNotRun?: string;
}

export async function runRepeatedly(ctx: CapabilityContext, testFile: string, options: RepeatOptions): Promise<RepeatedRuns> {
  const round: RepeatedRuns = { failing: new Set(), runs: [] };
  for (let i = 0; i < options.times; i += 1) {
    ctx.signal.throwIfAborted();
    options.beforeRun?.(i);
    const { run: ran } = await executeTests(
      ctx,
      { files: [testFile] },
      options.timeoutMs,
      (inv) => inv,
      async () => undefined,
    );
    const mine = (ran.tests ?? []).filter((t) => t.file === testFile);
    if (ran.tests === null || mine.length === 0) {
      const tail = ran.outputTail.split('\n').slice(-5).join(' | ').slice(0, 800);
      throw new AgentdError(
        'test_run_failed',
        `The generated ${testFile} did not run in ${ran.invocation.label} (exit code ${ran.command.exitCode})${options.whenNotRun ? `; ${options.whenNotRun}` : ''}: ${tail}`,
      );
    }
    for (const t of mine) if (t.status !== 'passed') round.failing.add(t.titlePath[t.titlePath.length - 1]!);
    round.runs.push({ passed: mine.filter((t) => t.status === 'passed').length, failed: mine.filter((t) => t.status !== 'passed').length });
  }
  return round;
}
