/** The comments the App posts about a task job: the plan with each step's diff collapsed, outcomes, refusals. */
import type { JobRecord } from '../jobs/job-record.js';
import { isVerifyStep } from '../agent/plan-record.js';

const MAX_COMMENT_CHARS = 60_000;
const MAX_DIFF_CHARS = 20_000;

function fence(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}diff\n${text}\n${ticks}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}\n… (cut; the job record has the whole diff)`;
}

/** `landing`: where approval puts the change and why (a task on a pull request), else a new branch and pull request. */
export function planComment(job: JobRecord, jobUrl: string | null, landing?: string): string {
  const lines = [`**agentd's plan** for: ${escapeHtml(job.task ?? '')}`, ''];
  if (job.plan?.summary) lines.push(escapeHtml(job.plan.summary), '');
  for (const step of job.steps) {
    const planned = job.plan?.steps[step.index];
    lines.push(`${step.index + 1}. \`${step.capability}\` — ${escapeHtml(step.summary ?? planned?.summary ?? step.status)}`);
    for (const change of step.changes ?? []) {
      const diff = 'diff' in change && typeof change.diff === 'string' ? change.diff : '';
      lines.push(
        '',
        `<details><summary>${escapeHtml(change.path)} (${change.action})</summary>`,
        '',
        fence(cut(diff, MAX_DIFF_CHARS)),
        '',
        '</details>',
      );
    }
  }
  for (const note of job.plan?.notes ?? []) lines.push('', `> ${escapeHtml(note)}`);
  lines.push(
    '',
    `Reply \`/agentd approve\` to apply it, verify it and ${landing ?? 'open a pull request from a new branch'}; \`/agentd refine <message>\` to change it; \`/agentd cancel\` to drop it.`,
  );
  lines.push('', `<sub>agentd job \`${job.id}\`${jobUrl ? ` — ${jobUrl}` : ''}</sub>`);
  return cut(lines.join('\n'), MAX_COMMENT_CHARS);
}

/** The planner's clarifying question; the answer comes back as `/agentd refine <answer>`. */
export function questionComment(job: JobRecord): string {
  const question = job.question!;
  const options = question.options.map((option) => `- \`/agentd refine ${escapeHtml(option)}\``);
  return [
    `:grey_question: ${escapeHtml(question.message)}`,
    '',
    ...(options.length ? ['Answer with one of:', ...options] : ['Answer with `/agentd refine <answer>`.']),
    '',
    `<sub>agentd job \`${job.id}\`</sub>`,
  ].join('\n');
}

export function failureComment(what: string, job: Pick<JobRecord, 'id' | 'error' | 'turns'> | null, reason?: string): string {
  const why = reason ?? (job?.error ? `${job.error.code}: ${job.error.message}` : (job?.turns.at(-1)?.message ?? 'no reason was given'));
  return cut(
    [`:x: agentd could not ${what}.`, '', escapeHtml(why), ...(job ? ['', `<sub>agentd job \`${job.id}\`</sub>`] : [])].join('\n'),
    MAX_COMMENT_CHARS,
  );
}

export function refusalComment(login: string, repository: string, permission: string): string {
  return `@${login}, thank you for asking — but agentd only takes \`/agentd\` commands from people with write access to ${repository} (your permission here is \`${permission}\`). A maintainer can run the command for you.`;
}

export function pullRequestBody(job: JobRecord, commentUrl: string, jobUrl: string | null): string {
  const verifyIndex = job.plan?.steps.find(isVerifyStep)?.index;
  const verify = verifyIndex === undefined ? undefined : job.steps[verifyIndex];
  const lines = [
    `agentd ran the task requested in ${commentUrl}:`,
    '',
    `> ${escapeHtml(job.task ?? '')}`,
    '',
    '### Plan',
    ...job.steps.map((step) => `${step.index + 1}. \`${step.capability}\` — ${escapeHtml(step.summary ?? step.status)}`),
    '',
    '### Verification',
    verify ? `${verify.status}: ${escapeHtml(verify.summary ?? '')}` : 'The plan had no verification step.',
    '',
    `<sub>agentd job \`${job.id}\`${jobUrl ? ` — ${jobUrl}` : ''}</sub>`,
  ];
  return cut(lines.join('\n'), MAX_COMMENT_CHARS);
}
