/**
 * `agentd agent universal-agent "<task>" [--auto] [--json]`: submit, follow to the end, report. In
 * approval mode on a terminal it asks y/n/v like the prompt; without one it prints the plan and the
 * diffs and leaves the job awaiting approval (exit 3) for a person or a later command to decide.
 */
import { createInterface } from 'node:readline/promises';
import type { Readable, Writable } from 'node:stream';
import { AgentSession } from './agent-session.js';
import type { Connection } from './connection.js';
import type { Palette } from './palette.js';
import { renderChanges } from './render-diff.js';
import { TaskApi } from './task-api.js';
import type { TaskJob } from './task-job.js';

/** Exit codes of the one-shot form (documented in docs/agent.md). */
export const EXIT = { succeeded: 0, failed: 1, usage: 2, awaitingApproval: 3, incomplete: 4 } as const;

export interface OneShotOptions {
  connection: Connection;
  task: string;
  auto: boolean;
  json: boolean;
  stdin: Readable & { isTTY?: boolean };
  stdout: Writable & { isTTY?: boolean };
  /** Where progress and human text go when stdout carries JSON. */
  stderr: Writable & { isTTY?: boolean };
  palette: Palette;
}

export function exitCodeOf(job: TaskJob): number {
  if (job.status === 'succeeded') return EXIT.succeeded;
  if (job.status === 'awaiting_approval') return EXIT.awaitingApproval;
  if (job.status === 'incomplete') return EXIT.incomplete;
  return EXIT.failed;
}

async function askUntilSettled(session: AgentSession, options: OneShotOptions): Promise<TaskJob> {
  const rl = createInterface({ input: options.stdin, output: options.stdout, terminal: true });
  try {
    while (session.job?.status === 'awaiting_approval') {
      const answer = await rl.question('agentd (y/n/v or refine)> ');
      if (answer.trim() === '') continue;
      await session.answerApproval(answer);
    }
  } finally {
    rl.close();
  }
  return session.job!;
}

export async function runOneShot(options: OneShotOptions): Promise<number> {
  const human = options.json ? options.stderr : options.stdout;
  const session = new AgentSession(new TaskApi(options.connection.target, options.connection.jobFields), human, options.palette);
  if (options.auto) session.auto = true;
  const onSignal = (): void => {
    if (!session.interrupt()) process.exit(130);
  };
  process.on('SIGINT', onSignal);
  try {
    let job = await session.start(options.task);
    const interactive = options.stdin.isTTY === true && options.stdout.isTTY === true && !options.json;
    if (job.status === 'awaiting_approval') {
      if (interactive) job = await askUntilSettled(session, options);
      else human.write(`${renderChanges(job, options.palette)}\n${approvalHint(job.id, options.connection)}\n`);
    }
    if (options.json) options.stdout.write(`${JSON.stringify(job, null, 2)}\n`);
    return exitCodeOf(job);
  } finally {
    process.off('SIGINT', onSignal);
  }
}

/** How to approve later: the embedded engine ends with this command, but its session is kept on disk. */
function approvalHint(id: string, connection: Connection): string {
  if (connection.mode === 'embedded')
    return `The job waits for approval; its session is kept in ~/.agentd/sessions: approve it with agentd agent --embedded --resume ${id} from the same project folder.`;
  return `The job waits for approval: approve with POST /jobs/${id}/followup {"action":"approve"} or agentd agent --resume ${id}.`;
}
