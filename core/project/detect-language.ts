/** Language (TypeScript or JavaScript) and module system (ESM or CommonJS). */
import type { ProjectContext } from '../contracts/index.js';
import { hasAnyDep, type ProjectFiles } from './project-files.js';

const TS_SOURCE = /\.(ts|tsx|mts|cts)$/;
const JS_SOURCE = /\.(js|jsx|mjs|cjs)$/;

export function detectLanguage(files: ProjectFiles): ProjectContext['language'] {
  if (files.rootEntries.has('tsconfig.json') || hasAnyDep(files, ['typescript'])) return 'typescript';
  const sources = files.files.filter((file) => !file.endsWith('.d.ts'));
  const ts = sources.filter((file) => TS_SOURCE.test(file)).length;
  const js = sources.filter((file) => JS_SOURCE.test(file)).length;
  return ts > js ? 'typescript' : 'javascript';
}

const ESM_SYNTAX = /^\s*(import\s[^;]*\bfrom\s|import\s+['"]|export\s+(default|const|function|class|\{|async|type|interface|\*))/m;
const CJS_SYNTAX = /\brequire\(\s*['"]|\bmodule\.exports\b|\bexports\.\w+\s*=/;

/** package.json "type" decides; without it, what a sample of the sources is written in. */
export async function detectModuleSystem(
  files: ProjectFiles,
  language: ProjectContext['language'],
): Promise<ProjectContext['moduleSystem']> {
  const declared = files.packageJson?.type;
  if (declared === 'module') return 'esm';
  if (declared === 'commonjs') return 'commonjs';
  let esm = 0;
  let cjs = 0;
  const sample = files.files.filter((file) => /\.(ts|tsx|js|jsx)$/.test(file) && !file.endsWith('.d.ts')).slice(0, 30);
  // Read together: one after another, each read waited for a turn of a main thread busy with the
  // scan's per-file steps, and the detection came back at the end of the scan instead of its start.
  const texts = await Promise.all(sample.map((file) => files.read(file)));
  for (const read of texts) {
    const text = read ?? '';
    if (ESM_SYNTAX.test(text)) esm += 1;
    else if (CJS_SYNTAX.test(text)) cjs += 1;
  }
  if (esm !== cjs) return esm > cjs ? 'esm' : 'commonjs';
  // With no evidence, TypeScript sources are written as modules and Node's default is CommonJS.
  return language === 'typescript' ? 'esm' : 'commonjs';
}
