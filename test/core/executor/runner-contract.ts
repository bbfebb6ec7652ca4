/**
 * The runner contract suite (core/executor/step-runner.ts): what every StepRunner must do with a step
 * that never ends, allocates without end, throws, exits its process, or is cancelled — reply with a
 * failure and its code (never reject, never take the caller down), then run the next step. Each
 * implementation registers it with the tasks that provoke each case in its world (first-party test
 * capabilities, plugin scripts) and the codes it answers with; a case a runner cannot contain (the
 * in-process runner isolates nothing) is registered as pending with the reason in its title.
 */
import { expect } from 'chai';
import type { StepReply, StepRunner, StepTask } from '../../../core/executor/index.js';

export type ContractCase = 'loopForever' | 'hugeAllocation' | 'throws' | 'exits' | 'cancellable';

export interface RunnerUnderTest {
  runner: StepRunner;
  /** A step that succeeds: run after every failure, it proves the runner still serves. */
  ok(): Promise<StepTask>;
  /** The step for each case, or a reason why this runner cannot contain it. */
  tasks: Record<ContractCase, (() => Promise<StepTask>) | { notContained: string }>;
  /** The failure codes accepted for each case (cancellable: always 'cancelled'). */
  codes: Record<Exclude<ContractCase, 'cancellable'>, string[]>;
  /**
   * How long a never-ending step may run before its caller gives up (the engine's job deadline, which
   * reaches the runner as its signal); a runner with a CPU limit of its own answers before that.
   */
  deadlineMs: number;
  close(): Promise<void>;
}

function expectFailure(reply: StepReply, codes: string[]): void {
  expect(reply.ok, JSON.stringify(reply)).to.equal(false);
  if (!reply.ok) expect(codes, reply.error.message).to.include(reply.error.code);
}

export function runnerContract(name: string, factory: () => Promise<RunnerUnderTest>): void {
  describe(`runner contract: ${name}`, function () {
    this.timeout(120_000);
    let under: RunnerUnderTest;

    before(async function () {
      under = await factory();
    });
    after(async function () {
      await under?.close();
    });
    afterEach(async function () {
      if (this.currentTest?.isPending()) return;
      const reply = await under.runner.run(await under.ok());
      expect(reply.ok, `the next step after "${this.currentTest?.title}": ${JSON.stringify(reply)}`).to.equal(true);
    });

    const run = async (which: ContractCase, signal?: AbortSignal): Promise<StepReply> => {
      const task = under.tasks[which];
      if (typeof task !== 'function') throw new Error('not contained');
      return under.runner.run(await task(), signal ? { signal } : {});
    };
    const contained = (which: ContractCase, title: string, body: () => Promise<void>): void => {
      it(title, async function () {
        const task = under.tasks[which];
        if (typeof task !== 'function') {
          this.test!.title += ` (not contained by this runner: ${task.notContained})`;
          this.skip();
        }
        await body();
      });
    };

    contained('loopForever', 'a step that loops forever ends with a time failure', async () => {
      expectFailure(await run('loopForever', AbortSignal.timeout(under.deadlineMs)), under.codes.loopForever);
    });
    contained('hugeAllocation', 'a step that allocates without end ends with a memory failure, not a dead caller', async () => {
      expectFailure(await run('hugeAllocation'), under.codes.hugeAllocation);
    });
    contained('throws', 'a step that throws ends with a failure and its code', async () => {
      expectFailure(await run('throws'), under.codes.throws);
    });
    contained('exits', 'a step that calls process.exit ends with a failure, the caller lives on', async () => {
      expectFailure(await run('exits'), under.codes.exits);
    });
    contained('cancellable', 'a cancelled step ends with "cancelled"', async () => {
      const controller = new AbortController();
      const task = under.tasks.cancellable;
      if (typeof task !== 'function') return;
      const timer = setTimeout(() => controller.abort(), 200);
      const reply = await under.runner.run(await task(), { signal: controller.signal, onEvent: () => controller.abort() });
      clearTimeout(timer);
      expectFailure(reply, ['cancelled']);
    });
  });
}
