/**
 * analysis.security beside eslint-plugin-security (4.x, ESLint 10 flat config through the Linter API,
 * recommended rules; typescript-eslint's parser for TS/TSX) on the same files:
 * 1. fixtures/vulnerable-app, judged against its expected-findings.json: a finding is a true positive
 *    when its line holds a known vulnerability (for ESLint, of any rule: it has no CWE-level rule ids),
 *    otherwise a false positive; recall counts the known vulnerabilities each side reports.
 * 2. real code installed from npm at bench time at the versions the verdicts were written for (Express
 *    and its server dependencies, autocannon's HTTP client and server, bullmq, mocha's lib), copied into
 *    one temp folder: every finding of both sides classified
 *    true or false positive by bench/security-real-code-verdicts.json — a written judgement per finding
 *    (keyed by tool, file, line and rule, with a one-line reason), or per rule where a rule's findings
 *    are all alike (eslint's detect-object-injection). Findings the file does not judge are printed as
 *    UNJUDGED (a new package version moves lines): judge them and add them to the file.
 * Wall time of each side, measured in the same run.
 */
import { readFile } from 'node:fs/promises';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { createLocalContext } from '../core/context/index.js';
import { clearCaches } from '../core/cache/index.js';
import type { Finding } from '../core/index.js';
import { run as securityScan } from '../capabilities/analysis/security.js';
import { installFromNpm, type Installed } from './security-bench/npm-packages.js';

// eslint-plugin-security ships no types.
const security = createRequire(import.meta.url)('eslint-plugin-security') as { configs: { recommended: Linter.Config } };
const repo = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURE = path.join(repo, 'fixtures', 'vulnerable-app');
/** The packages and versions bench/security-real-code-verdicts.json judges (its lines are those of these versions). */
const REAL_PACKAGES = [
  'express@5.3.0',
  'router@2.3.0',
  'body-parser@2.4.0',
  'send@1.2.1',
  'serve-static@2.2.1',
  'finalhandler@2.1.1',
  'autocannon@9.0.0',
  'bullmq@6.7.0',
  'mocha@12.0.3',
];
const VERDICTS = path.join(repo, 'bench', 'security-real-code-verdicts.json');

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
  const result = await securityScan({ categories: ['injection', 'xss', 'redos', 'secrets', 'crypto', 'csrf', 'transport', 'jwt'] }, ctx);
  const ms = performance.now() - started;
  const byLine = new Map<string, string[]>();
  for (const f of result.findings!)
    byLine.set(`${f.file}:${f.range.startLine}`, [...(byLine.get(`${f.file}:${f.range.startLine}`) ?? []), f.ruleId]);
  const { ctx: lister } = await createLocalContext({ root, limits: { maxToolCalls: 10 } });
  const files = await lister.workspace.list({ extensions: ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'] });
  return { ms, byLine, count: result.findings!.length, findings: result.findings!, files };
}

function eslintConfig(): Linter.Config[] {
  // Inline `eslint-disable` comments of the scanned code are ignored: both sides see every line.
  const base = { ...security.configs.recommended, linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: 'off' as const } };
  return [
    {
      ...base,
      files: ['**/*.js', '**/*.cjs', '**/*.mjs', '**/*.jsx'],
      languageOptions: { ecmaVersion: 'latest', sourceType: 'module', parserOptions: { ecmaFeatures: { jsx: true } } },
    },
    {
      ...base,
      files: ['**/*.ts', '**/*.tsx'],
      languageOptions: { parser: tseslint.parser as Linter.Parser, parserOptions: { ecmaFeatures: { jsx: true } } },
    },
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
  console.log(
    `\n== fixtures/vulnerable-app: ${a.files.length} files, ${codeTruth.length} known vulnerabilities on ${truth.size} lines (code only; dependencies excluded: ESLint does not check them)`,
  );
  console.log(`${'line'.padEnd(44)} ${'expected'.padEnd(40)} ${'analysis.security'.padEnd(18)} eslint-plugin-security`);
  for (const v of codeTruth) {
    const line = `${v.file}:${v.line}`;
    const mine = a.byLine.get(line)?.includes(v.ruleId) ? 'found' : 'MISSED';
    const theirs = b.byLine.get(line)?.join(',') ?? '-';
    console.log(
      `${line.padEnd(44)} ${v.ruleId.replace('security/', '').padEnd(40)} ${mine.padEnd(18)} ${theirs.replace(/security\//g, '')}`,
    );
  }
  const ja = judge(a, truth);
  const jb = judge(b, truth);
  const safe = new Set(expected.safeLookAlikes.map((s) => `${s.file}:${s.line}`));
  for (const [name, side, j] of [
    ['analysis.security', a, ja],
    ['eslint-plugin-security', b, jb],
  ] as const) {
    const onSafe = j.fp.filter((f) => safe.has(f.split(' ')[0]!)).length;
    console.log(
      `\n${name}: ${side.count} findings, ${j.tp} true positives, ${j.fp.length} false positives (${onSafe} on marked safe look-alikes); recall ${j.found}/${truth.size} lines (${((j.found / truth.size) * 100).toFixed(0)}%); precision ${((j.tp / Math.max(1, side.count)) * 100).toFixed(0)}%; ${side.ms.toFixed(0)} ms`,
    );
    for (const f of j.fp) console.log(`   false positive: ${f}${safe.has(f.split(' ')[0]!) ? ' (safe look-alike)' : ''}`);
  }
}

interface Verdict {
  verdict: 'tp' | 'fp';
  reason: string;
}

interface Verdicts {
  rules: Record<string, Verdict>;
  findings: (Verdict & { tool: 'agentd' | 'eslint'; file: string; line: number; ruleId: string })[];
}

/** The JavaScript sources of the packages (no nested node_modules, no .d.ts), copied under `<root>/<package>/`. */
function copyPackages(root: string, installed: Installed): string[] {
  const copied: string[] = [];
  const copy = (from: string, to: string): void => {
    for (const entry of readdirSync(from, { withFileTypes: true })) {
      if (entry.name === 'node_modules') continue;
      const source = path.join(from, entry.name);
      if (entry.isDirectory()) copy(source, path.join(to, entry.name));
      else if (/\.(c|m)?js$/.test(entry.name) && statSync(source).size <= 100 * 1024) {
        mkdirSync(to, { recursive: true });
        copyFileSync(source, path.join(to, entry.name));
      }
    }
  };
  for (const spec of REAL_PACKAGES) {
    const pkg = spec.replace(/@[^@]*$/, '');
    const dir = installed.packageDir(pkg);
    if (!existsSync(dir)) continue;
    copy(dir, path.join(root, pkg));
    copied.push(`${pkg} ${installed.versions.get(pkg)}`);
  }
  return copied;
}

async function realComparison(): Promise<void> {
  const verdicts = JSON.parse(await readFile(VERDICTS, 'utf8')) as Verdicts;
  const byKey = new Map(verdicts.findings.map((v) => [`${v.tool} ${v.file}:${v.line} ${v.ruleId}`, v]));
  const root = mkdtempSync(path.join(os.tmpdir(), 'agentd-security-real-'));
  const installed = installFromNpm(REAL_PACKAGES);
  try {
    if (installed.error) console.log(`npm install of the real packages reported: ${installed.error}`);
    const packages = copyPackages(root, installed);
    const a = await ours(root);
    const b = await eslint(root, a.files);
    const mine = a.findings.map((f) => ({
      file: f.file,
      line: f.range.startLine,
      ruleId: f.ruleId,
      text: `${f.severity}: ${f.message.slice(0, 110)}`,
    }));
    const theirs = b.samples.map((x) => {
      const m = /^(.+?):(\d+) (\S+): (.*)$/.exec(x)!;
      return { file: m[1]!, line: Number(m[2]), ruleId: m[3]!, text: m[4]! };
    });
    console.log(
      `\n== real code: ${packages.join(', ')} installed from npm, copied to one folder (${a.files.length} files); verdicts from bench/${path.basename(VERDICTS)}`,
    );
    const counts: Record<
      string,
      { tp: number; fp: number; unjudged: number; byRule: Map<string, { tp: number; fp: number; unjudged: number }> }
    > = {};
    for (const [tool, list] of [
      ['agentd', mine],
      ['eslint', theirs],
    ] as const) {
      const c = (counts[tool] = { tp: 0, fp: 0, unjudged: 0, byRule: new Map() });
      for (const f of list) {
        const judged = byKey.get(`${tool} ${f.file}:${f.line} ${f.ruleId}`) ?? verdicts.rules[`${tool} ${f.ruleId}`];
        const kind = judged?.verdict ?? 'unjudged';
        c[kind] += 1;
        const r = c.byRule.get(f.ruleId) ?? { tp: 0, fp: 0, unjudged: 0 };
        r[kind] += 1;
        c.byRule.set(f.ruleId, r);
        // Per-finding judgements are printed with their reason; rule-level ones only counted.
        if (!judged) console.log(`   UNJUDGED ${tool} ${f.file}:${f.line} ${f.ruleId} — ${f.text}`);
        else if (byKey.has(`${tool} ${f.file}:${f.line} ${f.ruleId}`))
          console.log(`   ${kind.toUpperCase()} ${tool} ${f.file}:${f.line} ${f.ruleId} — ${judged.reason}`);
      }
    }
    console.log(
      `\n${'side'.padEnd(24)} ${'findings'.padStart(8)} ${'true pos.'.padStart(10)} ${'false pos.'.padStart(11)} ${'unjudged'.padStart(9)}  time`,
    );
    for (const [tool, name, ms] of [
      ['agentd', 'analysis.security', a.ms],
      ['eslint', 'eslint-plugin-security', b.ms],
    ] as const) {
      const c = counts[tool]!;
      console.log(
        `${name.padEnd(24)} ${String(c.tp + c.fp + c.unjudged).padStart(8)} ${String(c.tp).padStart(10)} ${String(c.fp).padStart(11)} ${String(c.unjudged).padStart(9)}  ${ms.toFixed(0)} ms`,
      );
      for (const [rule, r] of [...c.byRule].sort((x, y) => x[0].localeCompare(y[0])))
        console.log(
          `   ${rule.padEnd(44)} ${String(r.tp).padStart(4)} tp ${String(r.fp).padStart(4)} fp${r.unjudged ? ` ${r.unjudged} unjudged` : ''}`,
        );
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
    installed.remove();
  }
}

export async function run(): Promise<void> {
  await fixtureComparison();
  await realComparison();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
