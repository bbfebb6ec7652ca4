/**
 * The refactoring proving ground: agentd's own source tree (core, daemon, cli, capabilities, plugins,
 * test, bench, fixtures, tsconfig.json, package.json... everything but dist/ and .git; node_modules
 * symlinked) copied to a temp folder,
 * and scripted refactorings chosen deterministically from it — renames of exported declarations,
 * moves of top-level declarations between modules, extractions of statement ranges from long
 * function bodies. Each one runs through the capability on a real local context, its staged changes
 * are applied to the copy, `tsc --noEmit -p --verbatimModuleSyntax` checks the copy (incremental;
 * errors the tree already had before do not count; agentd's code has none under that flag, so a type
 * imported as a value counts), a move's changed files are checked for layout (no blank first line, no
 * new runs of blank lines, no new trailing whitespace: "untidy"), and then the changes are rolled back. For a sample, agentd's mocha suite
 * (dist/test/core) runs on the refactored copy too. Renames are also done by ts-morph directly (a
 * Project on the real file system, `identifier.rename()`, no overlay, no engine) for the time per
 * rename and whether both produce the same text.
 * Run: node dist/bench/refactoring-proving-ground.js [--quick]
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { Node, Project, ts } from 'ts-morph';
import { createLocalContext } from '../core/context/index.js';
import { applyChanges, changesFromStaged, rollback } from '../core/workspace/index.js';
import { isAgentdError, type CapabilityContext, type StepResult } from '../core/index.js';
import * as rename from '../capabilities/refactoring/rename.js';
import * as move from '../capabilities/refactoring/move.js';
import * as extract from '../capabilities/refactoring/extract-function.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Everything at the top level but these: tests read files such as package-lock.json and docs/.
const NOT_COPIED = new Set(['node_modules', 'dist', '.git', 'coverage']);
const SOURCE_DIRS = ['core/', 'daemon/', 'cli/', 'capabilities/'];
const TSC = path.join(REPO, 'node_modules', 'typescript', 'bin', 'tsc');
const MOCHA = path.join(REPO, 'node_modules', 'mocha', 'bin', 'mocha.js');
const exec = promisify(execFile);

type Kind = 'rename' | 'move' | 'extract';
type Outcome = 'passed' | 'untidy' | 'refused' | 'broken' | 'error';
type Capability = (input: never, ctx: CapabilityContext) => Promise<StepResult>;

interface Case {
  kind: Kind;
  input: Record<string, unknown>;
}

interface CaseResult extends Case {
  outcome: Outcome;
  ms: number;
  /** CPU time of the capability call (user + system); steadier than wall time on a shared machine. */
  cpuMs: number;
  detail: string;
  mocha?: string;
  texts?: Map<string, string | null>;
}

export interface ProvingGroundOptions {
  renames?: number;
  moves?: number;
  extractions?: number;
  /** How many passing refactorings (the first rename and move, ...) also run the mocha subset. */
  mochaSamples?: number;
  mochaSpec?: string;
}

export interface ProvingGroundReport {
  results: Omit<CaseResult, 'texts'>[];
  byKind: Record<
    Kind,
    { total: number; passed: number; untidy: number; refused: number; broken: number; error: number; msPerRun: number; cpuMsPerRun: number }
  >;
  tsMorph: { renames: number; msPerRename: number; sameText: number };
  baselineErrors: number;
  mocha: { baseline: string; samples: string[] };
}

export async function copyTree(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'agentd-proving-ground-'));
  for (const entry of await readdir(REPO)) {
    if (!NOT_COPIED.has(entry)) await cp(path.join(REPO, entry), path.join(root, entry), { recursive: true });
  }
  await symlink(path.join(REPO, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return root;
}

/** tsc errors as "file|code|message" (position-free), counted. */
export async function typeErrors(root: string): Promise<Map<string, number>> {
  // agentd's code already satisfies verbatimModuleSyntax (every type import says `type`), so checking
  // with it turns a refactoring that imports a type as a value into an error.
  const args = [
    TSC,
    '--noEmit',
    '-p',
    root,
    '--verbatimModuleSyntax',
    '--incremental',
    '--tsBuildInfoFile',
    path.join(root, '.proving-ground.tsbuildinfo'),
  ];
  const output = await exec(process.execPath, args, { cwd: root, maxBuffer: 64 * 1024 * 1024 }).then(
    (r) => r.stdout,
    (e: { stdout?: string }) => e.stdout ?? '',
  );
  const counts = new Map<string, number>();
  for (const match of output.matchAll(/^(.+?)\(\d+,\d+\): error (TS\d+): (.*)$/gm)) {
    const key = `${match[1]}|${match[2]}|${match[3]}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

export function newErrors(baseline: Map<string, number>, now: Map<string, number>): string[] {
  return [...now].filter(([key, count]) => count > (baseline.get(key) ?? 0)).map(([key]) => key.replace(/\|/g, ' '));
}

/** Builds the copy into its dist/ and runs the mocha subset; "N passing, M failing". */
export async function mochaRun(root: string, spec: string): Promise<string> {
  await exec(process.execPath, [TSC, '-p', root], { cwd: root, maxBuffer: 64 * 1024 * 1024 }).catch(() => undefined);
  const result = await exec(process.execPath, [MOCHA, '--no-config', '--timeout', '30000', '--exit', '--reporter', 'dot', spec], {
    cwd: root,
    maxBuffer: 64 * 1024 * 1024,
  }).then(
    (r) => `${r.stdout}\n${r.stderr}`,
    (e: { stdout?: string; stderr?: string }) => `${e.stdout ?? ''}\n${e.stderr ?? ''}`,
  );
  const passing = /(\d+) passing/.exec(result)?.[1];
  const failing = /(\d+) failing/.exec(result)?.[1] ?? '0';
  return passing === undefined
    ? `did not run (${result.trim().split('\n').at(-1) ?? 'no output'})`
    : `${passing} passing, ${failing} failing`;
}

/** Every n-th of a sorted list, to spread `count` picks over the whole tree. */
export function spread<T>(items: T[], count: number): T[] {
  if (items.length <= count) return items;
  const step = items.length / count;
  return Array.from({ length: count }, (_, i) => items[Math.floor(i * step)]!);
}

function chooseCases(root: string, options: Required<ProvingGroundOptions>): Case[] {
  const project = new Project({ tsConfigFilePath: path.join(root, 'tsconfig.json'), skipFileDependencyResolution: true });
  const files = project
    .getSourceFiles()
    .map((file) => ({ file, rel: path.relative(root, file.getFilePath()).split(path.sep).join('/') }))
    .filter(({ rel }) => SOURCE_DIRS.some((dir) => rel.startsWith(dir)))
    .sort((a, b) => a.rel.localeCompare(b.rel));
  const importers = importersByName(
    root,
    files.map(({ file }) => file),
  );
  const renames = spread(
    files.flatMap(({ file, rel }) => renameCases(file, rel)),
    options.renames,
  );
  const moves = spread(
    files.flatMap(({ file, rel }) =>
      moveCases(
        file,
        rel,
        files.map((f) => f.rel),
        importers,
      ),
    ),
    options.moves,
  );
  const extractions = spread(
    files.flatMap(({ file, rel }) => extractCases(file, rel)),
    options.extractions,
  );
  return [...renames, ...moves, ...extractions];
}

/** "file|name" -> the files that import `name` from `file` by name. */
function importersByName(root: string, files: import('ts-morph').SourceFile[]): Map<string, string[]> {
  const rel = (file: import('ts-morph').SourceFile): string => path.relative(root, file.getFilePath()).split(path.sep).join('/');
  const importers = new Map<string, string[]>();
  for (const file of files) {
    for (const declaration of file.getImportDeclarations()) {
      const from = declaration.getModuleSpecifierSourceFile();
      if (!from) continue;
      for (const named of declaration.getNamedImports()) {
        const key = `${rel(from)}|${named.getName()}`;
        importers.set(key, [...(importers.get(key) ?? []), rel(file)]);
      }
    }
  }
  return importers;
}

function renameCases(file: import('ts-morph').SourceFile, rel: string): Case[] {
  const cases: Case[] = [];
  for (const [name, declarations] of file.getExportedDeclarations()) {
    const declaration = declarations[0];
    if (!declaration || declaration.getSourceFile() !== file || name === 'default') continue;
    if (!(
      Node.isFunctionDeclaration(declaration) ||
      Node.isClassDeclaration(declaration) ||
      Node.isInterfaceDeclaration(declaration) ||
      Node.isTypeAliasDeclaration(declaration)
    ))
      continue;
    const line = declaration.getNameNode()?.getStartLineNumber();
    if (line) cases.push({ kind: 'rename', input: { file: rel, symbol: name, line, newName: `${name}Renamed` } });
  }
  return cases;
}

/**
 * Exported functions, classes, interfaces, type aliases and single-name `const`s. Every other one
 * whose name a module in the same folder imports goes into that importer (which must drop its
 * import, and the source may have to import it back); every third of the rest into an existing
 * sibling module (imports both ways, possible cycles); the others to a new module.
 */
function moveCases(file: import('ts-morph').SourceFile, rel: string, allFiles: string[], importers: Map<string, string[]>): Case[] {
  const dir = path.posix.dirname(rel);
  const siblings = allFiles.filter((other) => other !== rel && path.posix.dirname(other) === dir);
  return file.getStatements().flatMap((statement, index): Case[] => {
    const name = movableName(statement);
    if (!name) return [];
    const importer = (importers.get(`${rel}|${name}`) ?? []).find((other) => siblings.includes(other));
    const sibling = index % 3 === 0 && siblings.length > 0 ? siblings[index % siblings.length] : undefined;
    const kebab = name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
    const to = (index % 2 === 0 ? importer : undefined) ?? sibling ?? `${dir}/${kebab}-moved.ts`;
    return [{ kind: 'move', input: { file: rel, symbol: name, to } }];
  });
}

function movableName(statement: import('ts-morph').Statement): string | undefined {
  if (
    Node.isFunctionDeclaration(statement) ||
    Node.isClassDeclaration(statement) ||
    Node.isInterfaceDeclaration(statement) ||
    Node.isTypeAliasDeclaration(statement)
  ) {
    return statement.isExported() && !statement.isDefaultExport() ? statement.getName() : undefined;
  }
  if (Node.isVariableStatement(statement) && statement.isExported() && statement.getDeclarations().length === 1) {
    const name = statement.getDeclarations()[0]!.getNameNode();
    return Node.isIdentifier(name) ? name.getText() : undefined;
  }
  return undefined;
}

function extractCases(file: import('ts-morph').SourceFile, rel: string): Case[] {
  const bodies = file
    .getDescendants()
    .filter((node) => (Node.isFunctionDeclaration(node) || Node.isMethodDeclaration(node)) && node.getBody() !== undefined);
  return bodies.flatMap((fn, index): Case[] => {
    const statements = (fn as import('ts-morph').FunctionDeclaration).getStatements();
    if (statements.length < 6) return [];
    // The first three-statement window (after the first statement, before the last) without a
    // `return`, which the capability refuses by design unless it ends the range; else statements 1-3.
    const window = (start: number) => statements.slice(start, Math.min(start + 3, statements.length - 1));
    const starts = Array.from({ length: Math.max(0, statements.length - 3) }, (_, i) => i + 1);
    const hasOwnReturn = (s: import('ts-morph').Statement): boolean =>
      Node.isReturnStatement(s) || s.getDescendantsOfKind(ts.SyntaxKind.ReturnStatement).some((r) => isOwnReturn(r, fn));
    const start = starts.find((i) => !window(i).some(hasOwnReturn)) ?? 1;
    const first = window(start)[0]!;
    const last = window(start).at(-1)!;
    return [
      {
        kind: 'extract',
        input: { file: rel, startLine: first.getStartLineNumber(), endLine: last.getEndLineNumber(), name: `extractedPart${index}` },
      },
    ];
  });
}

/** A return that belongs to `fn` itself, not to a function nested in it. */
function isOwnReturn(statement: import('ts-morph').Node, fn: import('ts-morph').Node): boolean {
  return statement.getFirstAncestor((n) => Node.isFunctionLikeDeclaration(n) || Node.isArrowFunction(n)) === fn;
}

const CAPABILITIES: Record<Kind, Capability> = {
  rename: rename.run as Capability,
  move: move.run as Capability,
  extract: extract.run as Capability,
};

async function runCase(root: string, testCase: Case, baseline: Map<string, number>, mochaSpec: string | null): Promise<CaseResult> {
  const handle = await createLocalContext({ root, limits: { maxToolCalls: 1000 } });
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  const cpuMs = (): number => {
    const used = process.cpuUsage(cpuStart);
    return (used.user + used.system) / 1000;
  };
  try {
    await CAPABILITIES[testCase.kind](testCase.input as never, handle.ctx);
  } catch (error) {
    const ms = performance.now() - started;
    const refused = isAgentdError(error) && error.code === 'refactoring_refused';
    return { ...testCase, outcome: refused ? 'refused' : 'error', ms, cpuMs: cpuMs(), detail: (error as Error).message };
  }
  const ms = performance.now() - started;
  const cpu = cpuMs();
  const changes = await changesFromStaged(root, handle.staged());
  const receipt = await applyChanges(root, changes);
  try {
    const broken = newErrors(baseline, await typeErrors(root));
    const mocha = mochaSpec && broken.length === 0 ? await mochaRun(root, mochaSpec) : undefined;
    const texts = new Map(changes.map((change) => [change.path, change.after]));
    const untidy =
      testCase.kind === 'move' ? changes.flatMap((change) => layoutProblems(change.path, change.before ?? '', change.after ?? '')) : [];
    const outcome: Outcome = broken.length > 0 ? 'broken' : untidy.length > 0 ? 'untidy' : 'passed';
    return {
      ...testCase,
      outcome,
      ms,
      cpuMs: cpu,
      detail: [...broken, ...untidy].slice(0, 3).join('; ') || `${changes.length} files`,
      mocha,
      texts,
    };
  } finally {
    await rollback(receipt);
  }
}

/**
 * What a move should not leave in a file's layout: a blank first line, more blank lines in a row than
 * the file had anywhere before, or trailing whitespace on a line that is new.
 */
function layoutProblems(file: string, before: string, after: string): string[] {
  const longestRun = (text: string): number =>
    Math.max(
      0,
      ...text
        .split('\n')
        .slice(0, -1)
        .map((_, i, lines) => {
          let run = 0;
          while (i - run >= 0 && lines[i - run]!.trim() === '') run += 1;
          return run;
        }),
    );
  const problems: string[] = [];
  if (after.startsWith('\n') && !before.startsWith('\n')) problems.push(`${file}: blank first line`);
  if (longestRun(after) > Math.max(1, longestRun(before))) problems.push(`${file}: ${longestRun(after)} blank lines in a row`);
  const old = new Set(before.split('\n'));
  const trailing = after.split('\n').find((line) => /\S\s+$/.test(line) && !old.has(line));
  if (trailing !== undefined) problems.push(`${file}: trailing whitespace in "${trailing.trim()}"`);
  return problems;
}

/** The same rename by ts-morph alone: a Project on the real file system, rename, the changed texts (not saved). */
function tsMorphRename(root: string, input: Record<string, unknown>): { ms: number; texts: Map<string, string> } {
  const started = performance.now();
  const project = new Project({ tsConfigFilePath: path.join(root, 'tsconfig.json'), skipFileDependencyResolution: true });
  const file = project.getSourceFileOrThrow(path.join(root, String(input.file)));
  const node = file
    .getDescendantsOfKind(ts.SyntaxKind.Identifier)
    .find((id) => id.getText() === input.symbol && id.getStartLineNumber() === input.line);
  node?.rename(String(input.newName));
  const texts = new Map(
    project
      .getSourceFiles()
      .filter((f) => !f.isSaved())
      .map((f) => [path.relative(root, f.getFilePath()).split(path.sep).join('/'), f.getFullText()]),
  );
  return { ms: performance.now() - started, texts };
}

function summarise(results: CaseResult[]): ProvingGroundReport['byKind'] {
  const byKind = {} as ProvingGroundReport['byKind'];
  for (const kind of ['rename', 'move', 'extract'] as Kind[]) {
    const of = results.filter((r) => r.kind === kind);
    const count = (outcome: Outcome): number => of.filter((r) => r.outcome === outcome).length;
    const msPerRun = of.length === 0 ? 0 : of.reduce((sum, r) => sum + r.ms, 0) / of.length;
    const cpuMsPerRun = of.length === 0 ? 0 : of.reduce((sum, r) => sum + r.cpuMs, 0) / of.length;
    byKind[kind] = {
      total: of.length,
      passed: count('passed'),
      untidy: count('untidy'),
      refused: count('refused'),
      broken: count('broken'),
      error: count('error'),
      msPerRun,
      cpuMsPerRun,
    };
  }
  return byKind;
}

async function compareWithTsMorph(root: string, results: CaseResult[]): Promise<ProvingGroundReport['tsMorph']> {
  const renames = results.filter((r) => r.kind === 'rename');
  let total = 0;
  let same = 0;
  for (const result of renames) {
    const direct = tsMorphRename(root, result.input);
    total += direct.ms;
    const ours = result.texts ?? new Map();
    if (
      result.outcome === 'passed' &&
      ours.size === direct.texts.size &&
      [...ours].every(([file, text]) => direct.texts.get(file) === text)
    )
      same += 1;
  }
  return { renames: renames.length, msPerRename: renames.length === 0 ? 0 : total / renames.length, sameText: same };
}

function print(report: ProvingGroundReport): void {
  console.log(
    `refactoring proving ground on a copy of agentd's tree (tsc --noEmit after each; ${report.baselineErrors} type errors the tree already had are not counted)`,
  );
  for (const [kind, s] of Object.entries(report.byKind)) {
    const rate = s.total === 0 ? 0 : (100 * s.passed) / s.total;
    console.log(
      `  ${kind.padEnd(8)} ${s.total} runs: ${s.passed} passed (${rate.toFixed(0)}%), ${s.untidy} untidy, ${s.refused} refused, ${s.broken} broken, ${s.error} errors; ${s.msPerRun.toFixed(0)} ms per run (${s.cpuMsPerRun.toFixed(0)} ms CPU)`,
    );
  }
  console.log(
    `  ts-morph direct rename (Project on disk + rename, no overlay/engine/checks): ${report.tsMorph.msPerRename.toFixed(0)} ms per rename; same text as agentd in ${report.tsMorph.sameText}/${report.tsMorph.renames}`,
  );
  console.log(
    `  mocha ${'dist/test/core'}: baseline ${report.mocha.baseline}; after refactorings: ${report.mocha.samples.join(' | ') || 'not run'}`,
  );
  for (const r of report.results.filter((x) => x.outcome !== 'passed'))
    console.log(`  [${r.outcome}] ${r.kind} ${JSON.stringify(r.input)}: ${r.detail}`);
}

export async function run(options: ProvingGroundOptions = {}): Promise<ProvingGroundReport> {
  const quick = process.argv.includes('--quick');
  const settings: Required<ProvingGroundOptions> = {
    renames: options.renames ?? (quick ? 5 : 30),
    moves: options.moves ?? (quick ? 10 : 30),
    extractions: options.extractions ?? (quick ? 4 : 20),
    mochaSamples: options.mochaSamples ?? (quick ? 0 : 2),
    mochaSpec: options.mochaSpec ?? 'dist/test/core/**/*.test.js',
  };
  const root = await copyTree();
  try {
    const baseline = await typeErrors(root);
    const baselineMocha = settings.mochaSamples > 0 ? await mochaRun(root, settings.mochaSpec) : 'not run';
    const results: CaseResult[] = [];
    const sampledKinds = new Set<Kind>();
    for (const testCase of chooseCases(root, settings)) {
      const sample = sampledKinds.size < settings.mochaSamples && !sampledKinds.has(testCase.kind);
      const result = await runCase(root, testCase, baseline, sample ? settings.mochaSpec : null);
      if (result.mocha) sampledKinds.add(testCase.kind);
      results.push(result);
      // Progress on stderr, so a long run shows where it is without mixing into the figures.
      process.stderr.write(
        `  ${result.kind} ${JSON.stringify(result.input)}: ${result.outcome} in ${result.ms.toFixed(0)} ms (${result.cpuMs.toFixed(0)} ms CPU)${result.mocha ? `; mocha ${result.mocha}` : ''}\n`,
      );
    }
    const report: ProvingGroundReport = {
      results: results.map(({ texts: _texts, ...rest }) => rest),
      byKind: summarise(results),
      tsMorph: await compareWithTsMorph(root, results),
      baselineErrors: [...baseline.values()].reduce((a, b) => a + b, 0),
      mocha: {
        baseline: baselineMocha,
        samples: results.filter((r) => r.mocha).map((r) => `${r.kind} ${String(r.input.symbol ?? r.input.name)}: ${r.mocha}`),
      },
    };
    print(report);
    return report;
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await run();
