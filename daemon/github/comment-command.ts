/**
 * The `/agentd` commands of issue and pull-request comments (the first line of the comment):
 * `/agentd <task>` starts a task, `/agentd approve` applies the plan and opens a pull request,
 * `/agentd refine <message>` re-plans with the message, `/agentd cancel` drops the task.
 * Approval is by comment only (not by reaction): a comment's author is what the permission check needs.
 */
export type AgentdCommand =
  { kind: 'task'; task: string } | { kind: 'approve' } | { kind: 'cancel' } | { kind: 'refine'; message: string } | { kind: 'help' };

const MAX_TASK_CHARS = 2000;

export function parseCommand(body: unknown): AgentdCommand | null {
  if (typeof body !== 'string') return null;
  const first = body.trim().split(/\r?\n/, 1)[0]!.trim();
  const match = /^\/agentd(?:\s+(.*))?$/i.exec(first);
  if (!match) return null;
  const rest = (match[1] ?? '').trim();
  if (rest === '' || /^help$/i.test(rest)) return { kind: 'help' };
  if (/^approve$/i.test(rest)) return { kind: 'approve' };
  if (/^cancel$/i.test(rest)) return { kind: 'cancel' };
  const refine = /^refine\s+(.+)$/i.exec(rest);
  if (refine) return { kind: 'refine', message: refine[1]!.slice(0, MAX_TASK_CHARS) };
  return { kind: 'task', task: rest.slice(0, MAX_TASK_CHARS) };
}

export const HELP_TEXT = [
  'agentd understands these commands (first line of a comment, by someone with write access):',
  '',
  "- `/agentd <task>` — plan a change (e.g. `/agentd rename fullName to displayName`); the plan is posted here with each step's diff",
  '- `/agentd approve` — apply the plan on a new branch, verify it and open a pull request',
  '- `/agentd refine <message>` — re-plan with your message',
  '- `/agentd cancel` — drop the task',
].join('\n');
