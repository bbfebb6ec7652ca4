/**
 * Commit and branch practice from git history: the share of recent commit subjects written as
 * Conventional Commits and the types used, tag names (release versioning), and the default branch.
 * git runs through `tools.runCommand` (the sandbox), which needs the job's project-code permission;
 * without it, or outside a git repository, the history is not read and CONTRIBUTING says so.
 */
import type { CapabilityContext } from '../../../core/index.js';

export interface GitPractice {
  /** null when history could not be read, with the reason in `note`. */
  subjects: number | null;
  conventional: number;
  types: string[];
  tags: string[];
  branch: string | null;
  note?: string;
}

const CONVENTIONAL = /^(\w+)(\([^)]*\))?!?: \S/;

async function git(ctx: CapabilityContext, args: string[]): Promise<string | null> {
  const result = await ctx.tools.runCommand('git', ['-c', 'safe.directory=*', ...args], { timeoutMs: 30_000 });
  return result.exitCode === 0 ? result.stdout : null;
}

export async function readGitPractice(ctx: CapabilityContext): Promise<GitPractice> {
  const empty = { subjects: null, conventional: 0, types: [], tags: [], branch: null };
  if (!ctx.permissions.projectCode)
    return { ...empty, note: 'Git history was not read: git runs in the sandbox only with the project-code permission.' };
  let log: string | null;
  try {
    log = await git(ctx, ['log', '-n', '200', '--format=%s']);
  } catch (error) {
    return { ...empty, note: `Git history was not read (${error instanceof Error ? error.message : String(error)}).` };
  }
  if (log === null) return { ...empty, note: 'Git history was not read: the workspace is not a git repository (or has no commits).' };
  const subjects = log.split('\n').filter((s) => s.trim() !== '');
  const matches = subjects.map((s) => CONVENTIONAL.exec(s)).filter((m): m is RegExpExecArray => m !== null);
  const counts = new Map<string, number>();
  for (const m of matches) counts.set(m[1]!, (counts.get(m[1]!) ?? 0) + 1);
  const tags = ((await git(ctx, ['tag', '--sort=-v:refname'])) ?? '').split('\n').filter(Boolean).slice(0, 5);
  const branch = ((await git(ctx, ['symbolic-ref', '--short', 'HEAD'])) ?? '').trim() || null;
  return {
    subjects: subjects.length,
    conventional: matches.length,
    types: [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([t]) => t),
    tags,
    branch,
  };
}
