/**
 * The labelled corpus of fixtures/security-corpus/: one folder per library model (its id), each a
 * project — or, when the folder holds only sub-folders, one project per sub-folder (project-wide rules
 * such as CSRF need a vulnerable and a safe project). Lines carry markers after the code:
 * `// VULN: security/<rule>` (must be reported), `// SAFE: security/<rule>` (a look-alike that must not
 * be), `// MISS: security/<rule>` (vulnerable, and a known miss of analysis.security: counted as a miss
 * by the bench, and the test fails if it starts being found, so the marker gets updated). Shared by
 * the model test and bench/security-corpus.ts.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLocalContext } from '../../../../../core/context/index.js';
import type { Finding } from '../../../../../core/index.js';
import { run } from '../../../../../capabilities/analysis/security.js';
import type { SecurityInput } from '../../../../../capabilities/analysis/security/options.js';

// Compiled to dist/test/capabilities/analysis/security/corpus/: the repository root is six levels up.
export const CORPUS_DIR = fileURLToPath(new URL('../../../../../../fixtures/security-corpus/', import.meta.url));

export type Label = 'VULN' | 'SAFE' | 'MISS';

export interface Marker {
  file: string;
  line: number;
  ruleId: string;
  label: Label;
}

export interface CorpusProject {
  /** The model's id (the top folder). */
  model: string;
  /** Relative to the corpus folder (`csrf-middleware/app-wide`). */
  name: string;
  root: string;
  files: string[];
  markers: Marker[];
}

const SOURCE = /\.(c|m)?[jt]sx?$/;
const MARKER = /\/\/ (VULN|SAFE|MISS): (security\/[a-z-]+(?:, security\/[a-z-]+)*)/g;

function sourcesUnder(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourcesUnder(full, base);
    return SOURCE.test(e.name) ? [path.relative(base, full).split(path.sep).join('/')] : [];
  });
}

function project(model: string, root: string): CorpusProject {
  const files = sourcesUnder(root).sort();
  const markers: Marker[] = [];
  for (const file of files) {
    readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .forEach((text, i) => {
        for (const m of text.matchAll(MARKER))
          for (const ruleId of m[2]!.split(', ')) markers.push({ file, line: i + 1, ruleId, label: m[1] as Label });
      });
  }
  return { model, name: path.relative(CORPUS_DIR, root).split(path.sep).join('/'), root, files, markers };
}

export function corpusProjects(): CorpusProject[] {
  const out: CorpusProject[] = [];
  for (const model of readdirSync(CORPUS_DIR).sort()) {
    const dir = path.join(CORPUS_DIR, model);
    if (!statSync(dir).isDirectory()) continue;
    const entries = readdirSync(dir, { withFileTypes: true });
    const hasSources = entries.some((e) => e.isFile() && SOURCE.test(e.name));
    if (hasSources) out.push(project(model, dir));
    else
      for (const e of entries.filter((x) => x.isDirectory()).sort((a, b) => a.name.localeCompare(b.name)))
        out.push(project(model, path.join(dir, e.name)));
  }
  return out;
}

/** Rule families the issue measures, by rule id. */
export const FAMILIES: Record<string, RegExp> = {
  sql: /^security\/sql-injection$/,
  nosql: /^security\/nosql-injection$/,
  command: /^security\/command-injection$/,
  code: /^security\/code-injection$/,
  template: /^security\/template-injection$/,
  path: /^security\/path-traversal$/,
  redirect: /^security\/open-redirect$/,
  ssrf: /^security\/ssrf$/,
  xss: /^security\/(reflected-xss|dom-xss|unsanitized-html|xss-autoescape-disabled)$/,
  xxe: /^security\/xxe$/,
  xpath: /^security\/xpath-injection$/,
  redos: /^security\/(redos|regex-injection)$/,
  'prototype-pollution': /^security\/(prototype-pollution|mass-assignment)$/,
  transport: /^security\/(insecure-transport|tls-verification-disabled)$/,
  cors: /^security\/permissive-cors$/,
  cookies: /^security\/insecure-cookie$/,
  csrf: /^security\/csrf-missing$/,
  jwt: /^security\/jwt-/,
  secrets: /^security\/(hardcoded-|secret-|high-entropy)/,
  crypto: /^security\/(weak-|insecure-random|deprecated-cipher)/,
};

export function familyOf(ruleId: string): string | undefined {
  return Object.keys(FAMILIES).find((f) => FAMILIES[f]!.test(ruleId));
}

/** analysis.security on one project, every category but dependencies, test files reported as usual. */
export async function scanCorpusProject(p: CorpusProject, input: SecurityInput = {}): Promise<Finding[]> {
  const { ctx } = await createLocalContext({ root: p.root, limits: { maxToolCalls: 100_000 } });
  const result = await run(
    { categories: ['injection', 'xss', 'redos', 'secrets', 'crypto', 'csrf', 'transport', 'jwt'], testFiles: 'report', ...input },
    ctx,
  );
  return result.findings!;
}
