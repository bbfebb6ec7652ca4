/**
 * One person's conversation with the agent: the task job in focus, auto mode, and what a typed line
 * means now (an approval answer, a refinement, an answer to the agent's question). The prompt loop
 * and the one-shot command both drive it; it writes everything it shows to `out`.
 */
import type { Writable } from 'node:stream';
import { renderChanges } from './render-diff.js';
import { APPROVAL_CHOICES, renderPlan } from './render-plan.js';
import { renderAgentTurn, renderResult } from './render-result.js';
import type { Palette } from './palette.js';
import { watchJob } from './job-watch.js';
import type { FollowUp, TaskApi } from './task-api.js';
import { isSettled, type TaskJob } from './task-job.js';

export type SessionState = 'idle' | 'approval' | 'reply';

export const AUTO_WARNING =
  'Auto mode is on: plans run and write without asking for approval. Use it only for routine, well-defined, non-critical tasks; /auto again turns it off.';

export class AgentSession {
  job: TaskJob | null = null;
  auto = false;
  private warnedAuto = false;
  /** Set while a job runs: Ctrl-C calls it to cancel the job. */
  private cancelRunning: (() => Promise<void>) | null = null;

  constructor(
    private readonly api: TaskApi,
    private readonly out: Writable & { isTTY?: boolean },
    private readonly palette: Palette,
  ) {}

  get state(): SessionState {
    if (!this.job) return 'idle';
    return this.job.status === 'awaiting_approval' ? 'approval' : 'reply';
  }

  get running(): boolean {
    return this.cancelRunning !== null;
  }

  toggleAuto(): void {
    this.auto = !this.auto;
    if (!this.auto) this.say('Auto mode is off: plans wait for your approval.');
    else if (!this.warnedAuto) this.say(this.palette.yellow(AUTO_WARNING));
    else this.say('Auto mode is on.');
    this.warnedAuto ||= this.auto;
  }

  /** `/agent universal-agent "<task>"`: a new session. */
  async start(task: string): Promise<TaskJob> {
    const job = await this.api.submit(task, this.auto ? 'auto' : 'approval');
    this.say(this.palette.dim(`job ${job.id} (${job.mode ?? (this.auto ? 'auto' : 'approval')} mode)`));
    return this.follow(job);
  }

  /** A typed line that is not a command: its meaning depends on the state. */
  async text(text: string): Promise<TaskJob | null> {
    if (!this.job) {
      this.say(`No task yet: start one with /agent universal-agent "${text}" (or /help).`);
      return null;
    }
    if (this.state === 'approval') return this.answerApproval(text);
    return this.followUp({ message: this.answerOf(text) });
  }

  /** "2" answers the agent's open question with its second option. */
  private answerOf(text: string): string {
    const options = this.job?.question?.options ?? [];
    const chosen = /^\d+$/.test(text.trim()) ? options[Number(text.trim()) - 1] : undefined;
    return chosen ?? text;
  }

  async answerApproval(text: string): Promise<TaskJob | null> {
    const answer = text.trim().toLowerCase();
    if (answer === 'v' || answer === 'view') {
      this.say(renderChanges(this.job!, this.palette));
      this.say(APPROVAL_CHOICES);
      return null;
    }
    if (answer === 'y' || answer === 'yes') return this.followUp({ action: 'approve' });
    if (answer === 'n' || answer === 'no') return this.followUp({ action: 'reject' });
    return this.followUp({ message: text });
  }

  async followUp(body: FollowUp): Promise<TaskJob> {
    const job = await this.api.followUp(this.job!.id, body);
    return this.follow(job);
  }

  /** `--resume <id>`: shows the conversation so far, follows the job if it still runs, then shows where it stands. */
  async resume(id: string): Promise<TaskJob> {
    const job = await this.api.get(id);
    this.say(this.palette.bold(`Session ${job.id}: ${job.task ?? '(a pipeline job)'}`));
    for (const turn of job.turns.slice(0, -1)) {
      this.say(turn.role === 'agent' ? renderAgentTurn(turn, this.palette) : `${this.palette.bold('you:')} ${turn.message}`);
    }
    return this.follow(job);
  }

  /** Ctrl-C while a job runs: cancels it (DELETE /jobs/:id). False when nothing runs. */
  interrupt(): boolean {
    if (!this.cancelRunning) return false;
    this.say(this.palette.yellow('\ncancelling the job…'));
    void this.cancelRunning().catch((error: unknown) => this.say(`could not cancel: ${(error as Error).message}`));
    this.cancelRunning = null;
    return true;
  }

  private async follow(job: TaskJob): Promise<TaskJob> {
    this.job = job;
    if (!isSettled(job.status)) {
      const id = job.id;
      this.cancelRunning = async () => {
        await this.api.cancel(id).catch((error: { code?: string }) => {
          if (error.code !== 'job_finished') throw error; // it ended meanwhile: nothing to cancel
        });
      };
      try {
        this.job = await watchJob(this.api, job, this.out, this.palette);
      } finally {
        this.cancelRunning = null;
      }
    }
    this.present(this.job);
    return this.job;
  }

  present(job: TaskJob): void {
    if (job.status === 'awaiting_approval') {
      this.say(renderPlan(job, this.palette));
      this.say(APPROVAL_CHOICES);
    } else {
      this.say(renderResult(job, this.palette));
    }
  }

  private say(text: string): void {
    this.out.write(`${text}\n`);
  }
}
