/**
 * Change frequency per file from git history: the number of commits (of the last 1000) that touched
 * it. git runs through `tools.runCommand` (the sandbox, project-code permission), with
 * safe.directory set because the sandbox's user does not own the repository.
 */
import type { CapabilityContext } from '../../../core/index.js';

export interface Churn {
  /** null when the workspace is not a git repository (or git failed): churn then counts as 0 everywhere. */
  commits: Map<string, number> | null;
  note?: string;
}

export async function churnOf(ctx: CapabilityContext): Promise<Churn> {
  let result;
  try {
    result = await ctx.tools.runCommand(
      'git',
      ['-c', 'safe.directory=*', 'log', '-n', '1000', '--format=', '--name-only', '--no-renames', '--relative'],
      { timeoutMs: 60_000 },
    );
  } catch (error) {
    return {
      commits: null,
      note: `git could not run (${error instanceof Error ? error.message : String(error)}), so change frequency is not counted`,
    };
  }
  if (result.exitCode !== 0) {
    const reason = /not a git repository/i.test(result.stderr)
      ? 'the workspace is not a git repository'
      : `git log failed (${result.stderr.trim().split('\n')[0] || `exit code ${result.exitCode}`})`;
    return { commits: null, note: `${reason}, so change frequency is not counted` };
  }
  const commits = new Map<string, number>();
  for (const line of result.stdout.split('\n')) {
    const file = line.trim();
    if (file) commits.set(file, (commits.get(file) ?? 0) + 1);
  }
  return { commits };
}
