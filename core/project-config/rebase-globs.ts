/**
 * Globs of a configuration file are relative to the file's folder (as in .gitignore and ESLint); a
 * scan of a folder below it needs them relative to that folder. Gitignore semantics: a pattern without
 * a slash (other than a trailing one) matches at any depth and stays as it is; an anchored pattern is
 * matched segment by segment against the path from the file's folder to the scan root, and what is
 * left of it applies inside the root (`**` may stand for none, some or all of that path). A pattern
 * that covers the whole root (it names the root or a folder above it) becomes `*`; one that cannot
 * match anything inside the root is dropped.
 */
const EVERYTHING = Symbol('everything');
type Rest = string[] | typeof EVERYTHING;

function segmentRegex(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else if (c === '[') {
      const close = glob.indexOf(']', i + 1);
      if (close < 0) source += '\\[';
      else {
        source += `[${glob
          .slice(i + 1, close)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\')}]`;
        i = close;
      }
    } else source += c.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

function rests(segments: string[], prefix: readonly string[]): Rest[] {
  // The pattern ended at the root or at a folder above it: it covers everything inside.
  if (segments.length === 0) return [EVERYTHING];
  if (prefix.length === 0) return [segments];
  const [head, ...tail] = segments;
  if (head === '**') return [...rests(tail, prefix), ...rests(segments, prefix.slice(1))];
  return segmentRegex(head!).test(prefix[0]!) ? rests(tail, prefix.slice(1)) : [];
}

/** One pattern relative to the config folder -> the patterns that mean the same inside `prefix` (POSIX, no leading ./). */
export function rebaseGlob(pattern: string, prefix: string): string[] {
  const negated = pattern.startsWith('!');
  const body = negated ? pattern.slice(1) : pattern;
  const trailing = body.endsWith('/') ? '/' : '';
  const trimmed = body.replace(/\/+$/, '');
  const prefixSegments = prefix.split('/').filter((s) => s !== '' && s !== '.');
  if (prefixSegments.length === 0) return [pattern];
  if (!trimmed.includes('/')) {
    // Unanchored: it matches at any depth inside the root, and covers everything when it names a folder above it.
    const above = prefixSegments.some((segment) => segmentRegex(trimmed).test(segment));
    return above ? [pattern, `${negated ? '!' : ''}*`] : [pattern];
  }
  const segments = trimmed.replace(/^\/+/, '').split('/');
  const out = new Set<string>();
  for (const rest of rests(segments, prefixSegments)) {
    const text = rest === EVERYTHING ? '*' : rest[0] === '**' ? `${rest.join('/')}${trailing}` : `/${rest.join('/')}${trailing}`;
    out.add(`${negated ? '!' : ''}${text}`);
  }
  return [...out];
}

export function rebaseGlobs(patterns: readonly string[] | undefined, prefix: string): string[] | undefined {
  return patterns?.flatMap((pattern) => rebaseGlob(pattern, prefix));
}
