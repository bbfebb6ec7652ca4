/**
 * analysis.lint's built-in engine beside ESLint on the same files and the same rules: the 18 ESLint
 * recommended rules agentd re-implements on its shared syntax tree, run by ESLint 10 itself (espree;
 * typescript-eslint's parser for .ts) and by `analysis.lint {engine: "builtin"}`, over the .js files of
 * ESLint's lib plus the repository's fixtures. Prints the time of each and every disagreement (a line
 * one reports for a rule and the other does not). Also ESLint + typescript-eslint recommended (the full
 * set, what `engine: "eslint"` runs) for the cost of running ESLint at all.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Linter } from 'eslint';
import { clearCaches } from '../core/cache/index.js';
import { createLocalContext } from '../core/context/index.js';
import { run as lint } from '../capabilities/analysis/lint.js';
import { BUILTIN_RULES } from '../capabilities/analysis/lint/builtin/run-builtin.js';

const here = path.dirname(fileURLToPath(import.meta.url));

async function ours(root: string, include: string[]): Promise<{ ms: number; hits: Set<string>; files: number }> {
  clearCaches();
  const started = performance.now();
  const { ctx } = await createLocalContext({ root, limits: { maxToolCalls: 1000 } });
  const result = await lint({ engine: 'builtin', include }, ctx);
  const ms = performance.now() - started;
  return {
    ms,
    hits: new Set((result.findings ?? []).map((f) => `${f.file}:${f.range.startLine} ${f.ruleId.slice('eslint/'.length)}`)),
    files: (result.data as { linted: number }).linted,
  };
}

async function theirs(root: string, files: string[], rules: Linter.RulesRecord): Promise<{ ms: number; hits: Set<string> }> {
  const tseslint = (await import('typescript-eslint')).default;
  const linter = new Linter();
  const base = { ecmaVersion: 'latest' as const, sourceType: 'module' as const, parserOptions: { ecmaFeatures: { jsx: true } } };
  const started = performance.now();
  const hits = new Set<string>();
  for (const file of files) {
    const ts = /\.[cm]?tsx?$/.test(file);
    const tsOnly = BUILTIN_RULES.filter((r) => r.languages === 'typescript').map((r) => r.name);
    const jsOnly = BUILTIN_RULES.filter((r) => r.languages === 'javascript').map((r) => r.name);
    const wanted = Object.fromEntries(Object.entries(rules).filter(([name]) => !(ts ? jsOnly : tsOnly).includes(name)));
    const config: Linter.Config = {
      files: ['**/*.js', '**/*.jsx', '**/*.mjs', '**/*.cjs', '**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'],
      languageOptions: { ...base, ...(ts ? { parser: tseslint.parser as Linter.Parser } : {}) },
      rules: wanted,
    };
    for (const m of linter.verify(readFileSync(path.join(root, file), 'utf8'), [config], { filename: file }))
      if (m.ruleId && m.ruleId in wanted) hits.add(`${file}:${m.line} ${m.ruleId}`);
  }
  return { ms: performance.now() - started, hits };
}

function diff(a: Set<string>, b: Set<string>): string[] {
  return [...a].filter((x) => !b.has(x)).sort();
}

export async function run(): Promise<void> {
  const eslintLib = path.join(path.dirname(createRequire(import.meta.url).resolve('eslint/package.json')), 'lib');
  const fixtures = path.resolve(here, '..', '..', 'fixtures');
  const rules = Object.fromEntries(BUILTIN_RULES.map((r) => [r.name, 'error' as const]));
  for (const [label, root, include] of [
    ['node_modules/eslint/lib', eslintLib, ['**/*.js']],
    ['fixtures/', fixtures, ['**/*.js', '**/*.jsx', '**/*.ts', '**/*.tsx', '**/*.mjs', '**/*.cjs']],
  ] as const) {
    const mine = await ours(root, [...include]);
    const { ctx } = await createLocalContext({ root, limits: { maxToolCalls: 10 } });
    const files = (await ctx.workspace.list({ include: [...include] })).filter((f) => !/\.d\.ts$/.test(f));
    const peer = await theirs(root, files, rules);
    console.log(`${label}: ${mine.files} files; the ${BUILTIN_RULES.length} built-in rules`);
    console.log(`  analysis.lint engine builtin (cold)   ${mine.ms.toFixed(0).padStart(6)} ms  ${mine.hits.size} findings`);
    console.log(`  peer: ESLint 10, the same rules       ${peer.ms.toFixed(0).padStart(6)} ms  ${peer.hits.size} findings`);
    console.log(`  only agentd: ${JSON.stringify(diff(mine.hits, peer.hits).slice(0, 10))}`);
    console.log(`  only ESLint: ${JSON.stringify(diff(peer.hits, mine.hits).slice(0, 10))}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
