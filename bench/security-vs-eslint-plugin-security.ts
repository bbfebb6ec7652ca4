/**
 * analysis.security beside eslint-plugin-security (4.x, ESLint 10 flat config through the Linter API,
 * recommended rules; typescript-eslint's parser for TS/TSX) on the same files:
 * 1. fixtures/vulnerable-app, judged against its expected-findings.json: a finding is a true positive
 *    when its line holds a known vulnerability (for ESLint, of any rule: it has no CWE-level rule ids),
 *    otherwise a false positive; recall counts the known vulnerabilities each side reports.
 * 2. real server code from node_modules (express, router, body-parser, send, serve-static,
 *    finalhandler): every finding of ours printed for judgement, ESLint's grouped by rule.
 * Wall time of each side, measured in the same run.
 */
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { createLocalContext } from '../core/context/index.js';
import { clearCaches } from '../core/cache/index.js';
import type { Finding } from '../core/index.js';
import { run as securityScan } from '../capabilities/analysis/security.js';

// eslint-plugin-security ships no types.
const security = createRequire(import.meta.url)('eslint-plugin-security') as { configs: { recommended: Linter.Config } };
const repo = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURE = path.join(repo, 'fixtures', 'vulnerable-app');
const REAL_PACKAGES = ['express', 'router', 'body-parser', 'send', 'serve-static', 'finalhandler'];

interface Side {
  ms: number;
  /** `file:line` -> rule ids reported there */
  byLine: Map<string, string[]>;
  count: number;
}

async function ours(root: string): Promise<Side & { findings: Finding[]; files: string[] }> {
  clearCaches();
  const started = performance.now();
  const { ctx } = await createLocalContext({ root, limits: { maxToolCalls: 1_000_000 } });
  const result = await securityScan({ categories: ['injection', 'xss', 'secrets', 'crypto', 'csrf', 'transport', 'jwt'] }, ctx);
  const ms = performance.now() - started;
  const byLine = new Map<string, string[]>();
  for (const f of result.findings!) byLine.set(`${f.file}:${f.range.startLine}`, [...(byLine.get(`${f.file}:${f.range.startLine}`) ?? []), f.ruleId]);
  const { ctx: lister } = await createLocalContext({ root, limits: { maxToolCalls: 10 } });
  const files = await lister.workspace.list({ extensions: ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'] });
  return { ms, byLine, count: result.findings!.length, findings: result.findings!, files };
}

function eslintConfig(): Linter.Config[] {
  // Inline `eslint-disable` comments of the scanned code are ignored: both sides see every line.
  const base = { ...security.configs.recommended, linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: 'off' as const } };
  return [
    { ...base, files: ['**/*.js', '**/*.cjs', '**/*.mjs', '**/*.jsx'], languageOptions: { ecmaVersion: 'latest', sourceType: 'module', parserOptions: { ecmaFeatures: { jsx: true } } } },
    { ...base, files: ['**/*.ts', '**/*.tsx'], languageOptions: { parser: tseslint.parser as Linter.Parser, parserOptions: { ecmaFeatures: { jsx: true } } } },
  ];
}

async function eslint(root: string, files: string[]): Promise<Side & { samples: string[] }> {
  const linter = new Linter({ configType: 'flat' });
  const config = eslintConfig();
  const byLine = new Map<string, string[]>();
  const samples: string[] = [];
  let count = 0;
  const started = performance.now();
  for (const file of files) {
    const source = await readFile(path.join(root, file), 'utf8');
    for (const m of linter.verify(source, config, { filename: file })) {
      if (!m.ruleId?.startsWith('security/')) continue; // parse errors
      count++;
      byLine.set(`${file}:${m.line}`, [...(byLine.get(`${file}:${m.line}`) ?? []), m.ruleId]);
      samples.push(`${file}:${m.line} ${m.ruleId}: ${source.split('\n')[m.line - 1]!.trim().slice(0, 90)}`);
    }
  }
  return { ms: performance.now() - started, byLine, count, samples };
}

interface Expected {
  vulnerabilities: { file: string; line: number; ruleId: string }[];
  safeLookAlikes: { file: string; line: number; ruleId: string }[];
}

function judge(side: Side, truth: Set<string>): { tp: number; fp: string[]; found: number } {
  let tp = 0;
  const fp: string[] = [];
  for (const [line, rules] of side.byLine) {
    if (truth.has(line)) tp += rules.length;
    else fp.push(...rules.map((r) => `${line} ${r}`));
  }
  const found = [...truth].filter((line) => side.byLine.has(line)).length;
  return { tp, fp, found };
}

async function fixtureComparison(): Promise<void> {
  const expected = JSON.parse(await readFile(path.join(FIXTURE, 'expected-findings.json'), 'utf8')) as Expected;
  const codeTruth = expected.vulnerabilities;
  const truth = new Set(codeTruth.map((v) => `${v.file}:${v.line}`));
  const a = await ours(FIXTURE);
  const b = await eslint(FIXTURE, a.files);
  console.log(`\n== fixtures/vulnerable-app: ${a.files.length} files, ${codeTruth.length} known vulnerabilities on ${truth.size} lines (code only; dependencies excluded: ESLint does not check them)`);
  console.log(`${'line'.padEnd(44)} ${'expected'.padEnd(40)} ${'analysis.security'.padEnd(18)} eslint-plugin-security`);
  for (const v of codeTruth) {
    const line = `${v.file}:${v.line}`;
    const mine = a.byLine.get(line)?.includes(v.ruleId) ? 'found' : 'MISSED';
    const theirs = b.byLine.get(line)?.join(',') ?? '-';
    console.log(`${line.padEnd(44)} ${v.ruleId.replace('security/', '').padEnd(40)} ${mine.padEnd(18)} ${theirs.replace(/security\//g, '')}`);
  }
  const ja = judge(a, truth);
  const jb = judge(b, truth);
  const safe = new Set(expected.safeLookAlikes.map((s) => `${s.file}:${s.line}`));
  for (const [name, side, j] of [['analysis.security', a, ja], ['eslint-plugin-security', b, jb]] as const) {
    const onSafe = j.fp.filter((f) => safe.has(f.split(' ')[0]!)).length;
    console.log(`\n${name}: ${side.count} findings, ${j.tp} true positives, ${j.fp.length} false positives (${onSafe} on marked safe look-alikes); recall ${j.found}/${truth.size} lines (${((j.found / truth.size) * 100).toFixed(0)}%); precision ${((j.tp / Math.max(1, side.count)) * 100).toFixed(0)}%; ${side.ms.toFixed(0)} ms`);
    for (const f of j.fp) console.log(`   false positive: ${f}${safe.has(f.split(' ')[0]!) ? ' (safe look-alike)' : ''}`);
  }
}

async function realComparison(): Promise<void> {
  const roots = REAL_PACKAGES.map((p) => path.join(repo, 'node_modules', p)).filter((r) => existsSync(r));
  let oursMs = 0;
  let eslintMs = 0;
  let files = 0;
  const mine: string[] = [];
  const theirs = new Map<string, number>();
  const samples: string[] = [];
  for (const root of roots) {
    const a = await ours(root);
    const b = await eslint(root, a.files);
    oursMs += a.ms;
    eslintMs += b.ms;
    files += a.files.length;
    const pkg = path.basename(root);
    for (const f of a.findings) mine.push(`${pkg}/${f.file}:${f.range.startLine} ${f.ruleId} ${f.severity}: ${f.message.slice(0, 120)}`);
    for (const rules of b.byLine.values()) for (const r of rules) theirs.set(r, (theirs.get(r) ?? 0) + 1);
    samples.push(...b.samples.map((x) => `${pkg}/${x}`));
  }
  console.log(`\n== real server code: ${REAL_PACKAGES.join(', ')} from node_modules (${files} files)`);
  console.log(`analysis.security: ${mine.length} findings, ${oursMs.toFixed(0)} ms`);
  for (const m of mine) console.log(`   ${m}`);
  const total = [...theirs.values()].reduce((x, y) => x + y, 0);
  console.log(`eslint-plugin-security: ${total} findings, ${eslintMs.toFixed(0)} ms`);
  for (const [rule, n] of [...theirs].sort((x, y) => y[1] - x[1])) console.log(`   ${String(n).padStart(4)}  ${rule}`);
  // Every finding except the numerous object-injection ones, and the first of those, to judge by eye.
  const shown = [...samples.filter((x) => !x.includes('detect-object-injection')), ...samples.filter((x) => x.includes('detect-object-injection')).slice(0, 8)];
  for (const x of shown) console.log(`   ${x}`);
}

export async function run(): Promise<void> {
  await fixtureComparison();
  await realComparison();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
