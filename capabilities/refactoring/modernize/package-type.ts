/**
 * The "type": "module" decision after cjs-to-esm: .js files with import/export only load as ES modules
 * in a package that says so. It is reported, and package.json is edited (one line, nothing else
 * reformatted) only when the input asks for it and every CommonJS file was converted.
 */
export interface TypeModuleDecision {
  /** "module" | "commonjs" (absent means commonjs) */
  current: string;
  needed: boolean;
  changed: boolean;
  reason: string;
}

export function decideTypeModule(
  packageJson: string | null,
  convertedJs: number,
  keptFiles: string[],
  requested: boolean,
): TypeModuleDecision {
  const current = typeOf(packageJson);
  if (convertedJs === 0 || current === 'module')
    return {
      current,
      needed: false,
      changed: false,
      reason: current === 'module' ? 'package.json already has "type": "module".' : 'No .js file was converted.',
    };
  if (!requested)
    return {
      current,
      needed: true,
      changed: false,
      reason: 'The converted .js files need "type": "module" in package.json; run again with setTypeModule: true or set it by hand.',
    };
  if (packageJson === null)
    return { current, needed: true, changed: false, reason: 'There is no package.json to set "type": "module" in; add one.' };
  if (keptFiles.length > 0)
    return {
      current,
      needed: true,
      changed: false,
      reason: `Not set: ${keptFiles.length} file(s) stay CommonJS (${keptFiles.slice(0, 3).join(', ')}) and would break as modules; convert or rename them to .cjs first.`,
    };
  return { current, needed: true, changed: true, reason: 'Set "type": "module" in package.json.' };
}

function typeOf(packageJson: string | null): string {
  if (packageJson === null) return 'commonjs';
  try {
    const type = (JSON.parse(packageJson) as { type?: unknown }).type;
    return typeof type === 'string' ? type : 'commonjs';
  } catch {
    return 'commonjs';
  }
}

/** package.json with "type": "module", changing one line (or adding one after the opening brace). */
export function withTypeModule(packageJson: string): string {
  const existing = topLevelTypeValue(packageJson);
  if (existing) return `${packageJson.slice(0, existing.start)}"module"${packageJson.slice(existing.end)}`;
  const match = /^\{(\r?\n)([ \t]*)/.exec(packageJson);
  if (!match) return packageJson.replace(/^\{/, '{"type": "module", ');
  const [, newline, indent] = match;
  return `{${newline}${indent}"type": "module",${newline}${indent}${packageJson.slice(match[0].length)}`;
}

/**
 * Where the string value of the top-level "type" key is, if any. Nested objects have "type" keys of
 * their own ("repository": { "type": "git" }), so the text is scanned with its nesting depth.
 */
function topLevelTypeValue(json: string): { start: number; end: number } | null {
  let depth = 0;
  for (let i = 0; i < json.length; i++) {
    const c = json[i];
    if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
    else if (c === '"') {
      const end = stringEnd(json, i);
      if (depth === 1 && json.slice(i, end) === '"type"') {
        const value = /^\s*:\s*("(?:[^"\\]|\\.)*")/.exec(json.slice(end));
        if (value) {
          const start = end + value[0].length - value[1]!.length;
          return { start, end: start + value[1]!.length };
        }
      }
      i = end - 1;
    }
  }
  return null;
}

/** The index just after the JSON string that starts at `start` (a quote). */
function stringEnd(json: string, start: number): number {
  let i = start + 1;
  while (i < json.length && json[i] !== '"') i += json[i] === '\\' ? 2 : 1;
  return i + 1;
}
