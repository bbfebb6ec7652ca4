/** `/jobs`: the recent task sessions, newest first, one line each (id, status, task). */
import type { Palette } from './palette.js';
import type { TaskJob } from './task-job.js';

const TASK_WIDTH = 70;

export function renderJobList(jobs: TaskJob[], palette: Palette): string {
  const tasks = jobs.filter((job) => job.kind === undefined || job.kind === 'task');
  if (tasks.length === 0) return 'No task sessions yet; start one with /agent universal-agent "<task>".';
  const lines = tasks.map((job) => {
    const task = (job.task ?? '').replace(/\s+/g, ' ');
    const shown = task.length > TASK_WIDTH ? `${task.slice(0, TASK_WIDTH - 1)}…` : task;
    return `${job.id}  ${job.status.padEnd(17)}  ${shown}`;
  });
  return [
    palette.bold(`${'id'.padEnd(36)}  ${'status'.padEnd(17)}  task`),
    ...lines,
    palette.dim('Resume one with: agentd agent --resume <id>'),
  ].join('\n');
}
