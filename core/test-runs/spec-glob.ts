/**
 * A test runner's file pattern (mocha's `spec`, a positional glob) as a predicate over workspace-relative
 * POSIX paths: `*`, `?`, `**`, `{a,b}` and character classes as glob reads them, a leading `./` ignored.
 * Only what is needed to tell which test files a runner selects; the runner itself still expands them.
 */
const SPECIAL = /[*?[{]/;

export function hasGlob(pattern: string): boolean {
  return SPECIAL.test(pattern);
}

/** `./test/` -> `test`, `test//a.js` -> `test/a.js`. */
export function normalisePattern(pattern: string): string {
  return pattern
    .replace(/^(\.\/)+/, '')
    .replace(/\/{2,}/g, '/')
    .replace(/\/$/, '');
}

export function globToRegExp(pattern: string): RegExp {
  const glob = normalisePattern(pattern);
  let out = '';
  let depth = 0;
  for (let i = 0; i < glob.length; i += 1) {
    const ch = glob[i]!;
    if (ch === '*' && glob[i + 1] === '*') {
      const slashAfter = glob[i + 2] === '/';
      out += slashAfter ? '(?:[^/]*(?:/|$))*' : '.*';
      i += slashAfter ? 2 : 1;
    } else if (ch === '*') out += '[^/]*';
    else if (ch === '?') out += '[^/]';
    else if (ch === '{') {
      depth += 1;
      out += '(?:';
    } else if (ch === '}' && depth > 0) {
      depth -= 1;
      out += ')';
    } else if (ch === ',' && depth > 0) out += '|';
    else if (ch === '[') {
      const end = glob.indexOf(']', i + 1);
      if (end === -1) out += '\\[';
      else {
        out += `[${glob
          .slice(i + 1, end)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\')}]`;
        i = end;
      }
    } else out += ch.replace(/[.+^$()|\\\]]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}
