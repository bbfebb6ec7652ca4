/**
 * `security.trustedWorkspaces`: workspace paths relative to workspace.path, with globs — `*` and `?`
 * within one folder name, `**` across any number of folders — and `"*"` alone for every workspace.
 * A trusted folder trusts everything under it (a job on `repos/app/packages/api` is trusted by
 * `repos/app` or `repos/*`), as an editor's trusted folder does.
 */

/** Relative, POSIX, no ".." and no empty segments: the form a job's `workspace` is stored in. */
export function isWorkspacePattern(pattern: string): boolean {
  if (pattern === '*' || pattern === '.') return true;
  if (pattern.startsWith('/') || /^[A-Za-z]:/.test(pattern) || pattern.includes('\\') || pattern.includes('\0')) return false;
  const parts = pattern.replace(/^\.\//, '').replace(/\/$/, '').split('/');
  return parts.every((part) => part !== '' && part !== '..' && part !== '.');
}

function segmentRegex(segment: string): string {
  return segment
    .replace(/[.+^${}()|[\]]/g, '\\$&')
    .replace(/\*/g, '[^/]*')
    .replace(/\?/g, '[^/]');
}

function patternRegex(pattern: string): RegExp {
  const parts = pattern.replace(/^\.\//, '').replace(/\/$/, '').split('/');
  let body = '';
  for (const [index, part] of parts.entries()) {
    const last = index === parts.length - 1;
    if (part === '**') body += last ? '.*' : '(?:[^/]+/)*';
    else body += segmentRegex(part) + (last ? '' : '/');
  }
  return new RegExp(`^${body}$`);
}

/** Whether `workspace` (as stored in a job: POSIX, relative, "." for the base) or a folder above it matches a pattern. */
export function matchesWorkspacePattern(workspace: string, patterns: readonly string[]): boolean {
  if (patterns.includes('*') || patterns.includes('.')) return true;
  if (workspace === '.') return false;
  const parts = workspace.split('/');
  const candidates = parts.map((_, index) => parts.slice(0, index + 1).join('/'));
  return patterns.some((pattern) => {
    const regex = patternRegex(pattern);
    return candidates.some((candidate) => regex.test(candidate));
  });
}
