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

export function decideTypeModule(packageJson: string | null, convertedJs: number, keptFiles: string[], requested: boolean): TypeModuleDecision {
  const current = typeOf(packageJson);
  if (convertedJs === 0 || current === 'module') return { current, needed: false, changed: false, reason: current === 'module' ? 'package.json already has "type": "module".' : 'No .js file was converted.' };
  if (!requested) return { current, needed: true, changed: false, reason: 'The converted .js files need "type": "module" in package.json; run again with setTypeModule: true or set it by hand.' };
  if (packageJson === null) return { current, needed: true, changed: false, reason: 'There is no package.json to set "type": "module" in; add one.' };
  if (keptFiles.length > 0) return { current, needed: true, changed: false, reason: `Not set: ${keptFiles.length} file(s) stay CommonJS (${keptFiles.slice(0, 3).join(', ')}) and would break as modules; convert or rename them to .cjs first.` };
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
  const existing = /("type"\s*:\s*)"[^"]*"/;
  if (existing.test(packageJson)) return packageJson.replace(existing, '$1"module"');
  const match = /^\{(\r?\n)([ \t]*)/.exec(packageJson);
  if (!match) return packageJson.replace(/^\{/, '{"type": "module", ');
  const [, newline, indent] = match;
  return `{${newline}${indent}"type": "module",${newline}${indent}${packageJson.slice(match[0].length)}`;
}
