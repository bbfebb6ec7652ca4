/**
 * Scanning the workspace: list, one batched parse (one tool call), memoised per-file scans, the
 * cross-file taint link (./modules/), project-wide CSRF.
 */
import {
  isDeclarationFile,
  memoised,
  parseSources,
  type CapabilityContext,
  type Finding,
  type MemoScope,
  type ParsedFile,
  type Severity,
  type SkippedSource,
} from '../../../core/index.js';
import { csrfFindings, type CsrfFacts } from './config/csrf.js';
import { isTestPath } from './file-kind.js';
import { linkTaint } from './modules/link-taint.js';
import type { SecurityInput } from './options.js';
import type { RawFinding } from './raw-finding.js';
import { ruleDoc, type Category } from './rules/index.js';
import { filesNeedingTaint } from './modules/taint-reach.js';
import { testOnlyFiles } from './modules/test-only.js';
import { importGraph, type ImportGraph } from './modules/import-graph.js';
import { SQL_ORMS } from './models/mongodb.js';
import { NO_TAINT, scanFile, scanTaintAlone, SCANNER_VERSION, type FileScan, type Profile, type TaintScan } from './scan-file.js';

export { SOURCE_EXTENSIONS } from '../../../core/index.js';

export interface ProjectScan {
  files: string[];
  findings: Finding[];
  skipped: SkippedSource[];
}

/** Minified bundles are not scanned: their findings are the library's, at lines nobody can read. */
const keep = (f: string): boolean => !/\.min\.js$/.test(f);

/** One file's syntactic scan, memoised per content hash. */
function fileScanOf(ctx: MemoScope, file: ParsedFile): FileScan {
  return memoised(ctx, `analysis.security@${SCANNER_VERSION}`, file, () => scanFile(file));
}

/** What scanProject memoises of one file, for the scan's per-file steps (declarations are not scanned). */
export function scanOneFile(ctx: MemoScope, file: ParsedFile): void {
  if (keep(file.path) && !isDeclarationFile(file.path)) fileScanOf(ctx, file);
}

export async function scanProject(ctx: CapabilityContext, input: SecurityInput, categories: Set<Category>): Promise<ProjectScan> {
  const { files: parsed, skipped } = await parseSources(ctx, { include: input.include, exclude: input.exclude, keep }, 'analysis.security');
  const scan: ProjectScan = { files: parsed.map((p) => p.path), findings: [], skipped };
  const scans = new Map<string, FileScan>();
  for (const [index, file] of parsed.entries()) {
    if (index % 32 === 0) ctx.signal.throwIfAborted();
    scans.set(file.path, fileScanOf(ctx, file));
    if (index % 32 === 0) ctx.progress(Math.round(((index + 1) / parsed.length) * 100), file.path);
  }
  const wantsTaint = categories.has('injection') || categories.has('xss') || categories.has('redos');
  const profile = input.profile ?? 'default';
  const graph = importGraph(parsed.map((f) => ({ path: f.path, specifiers: scans.get(f.path)!.specifiers })));
  const alone = wantsTaint ? aloneTaint(ctx, parsed, scans, profile, graph) : new Map<string, TaintScan>();
  const linked = wantsTaint
    ? linkTaint(parsed, alone, (key, unit, compute) => memoised(ctx, key, unit, compute), profile)
    : new Map<string, TaintScan>();
  const testOnly = testOnlyFiles(
    parsed.map((f) => ({ path: f.path, specifiers: [] })),
    graph,
  );
  const isTest = (path: string): boolean => isTestPath(path) || testOnly.has(path);
  const taint = taintByFile(parsed, linked, isTest);
  const dropNoSql = onlySqlOrms([...scans.values()].flatMap((s) => s.modules));
  for (const file of parsed) {
    const raws = withoutDoubles(
      [...scans.get(file.path)!.findings, ...(taint.get(file.path) ?? [])].filter(
        (r) => !(dropNoSql && r.ruleId === 'security/nosql-injection'),
      ),
    );
    raws.sort((a, b) => a.range.startLine - b.range.startLine || a.range.startColumn - b.range.startColumn);
    for (const raw of raws) pushFinding(scan, file.path, raw, input, categories, isTest(file.path) || raw.data?.context === 'test');
  }
  const csrf: { file: string; facts: CsrfFacts }[] = parsed.map((f) => ({ file: f.path, facts: scans.get(f.path)!.csrf }));
  for (const { file, finding } of csrfFindings(csrf)) pushFinding(scan, file, finding, input, categories, isTest(file));
  return scan;
}

/**
 * Each file's taint part without imported summaries; files no input can reach get NO_TAINT without
 * evaluation — except in the audit profile, where any non-constant value at a sink counts, so every file is evaluated.
 */
function aloneTaint(
  ctx: CapabilityContext,
  parsed: readonly ParsedFile[],
  scans: ReadonlyMap<string, FileScan>,
  profile: Profile,
  graph: ImportGraph,
): Map<string, TaintScan> {
  const needed =
    profile === 'audit'
      ? null
      : filesNeedingTaint(
          parsed.map((f) => ({ path: f.path, starts: scans.get(f.path)!.startsTaint, specifiers: [] })),
          graph,
        );
  const out = new Map<string, TaintScan>();
  for (const [index, file] of parsed.entries()) {
    if (index % 32 === 0) ctx.signal.throwIfAborted();
    out.set(
      file.path,
      !needed || needed.has(file.path)
        ? memoised(ctx, `analysis.security@${SCANNER_VERSION}:taint:${profile}`, file, () => scanTaintAlone(file, profile))
        : NO_TAINT,
    );
  }
  return out;
}

/** A write that pollutes the prototype (a recursive merge) is not reported again as a mass assignment on the same line. */
function withoutDoubles(raws: RawFinding[]): RawFinding[] {
  const polluting = new Set(raws.filter((r) => r.ruleId === 'security/prototype-pollution').map((r) => r.range.startLine));
  return raws.filter((r) => r.ruleId !== 'security/mass-assignment' || !polluting.has(r.range.startLine));
}

/**
 * A project whose database code is an SQL ORM (Sequelize, TypeORM, Prisma...) and that imports no
 * MongoDB library anywhere: its `Model.findOne({ ... })` filters are parameterised queries, not MongoDB
 * operator injection, even in files that import only the project's own models.
 */
function onlySqlOrms(modules: readonly string[]): boolean {
  const sql = SQL_ORMS.map((p) => new RegExp(p));
  return modules.some((m) => sql.some((r) => r.test(m))) && !modules.some((m) => MONGO_MODULES.test(m));
}
const MONGO_MODULES = /^(mongoose|mongodb|mongojs|monk|@typegoose\/|@nestjs\/mongoose$|mongoist|mquery)/;

/**
 * Taint findings by the file they are in. A sink in a shared module can be reached from several
 * callers: it is reported once, with the evidence of its own file's scan when that found it, else of
 * the first caller in path order. A dom-xss at a site replaces the site's unsanitized-html. A sink
 * that only tests reach (every file whose scan found it is a test) is a test finding.
 */
function taintByFile(
  files: readonly ParsedFile[],
  linked: ReadonlyMap<string, TaintScan>,
  isTest: (path: string) => boolean,
): Map<string, RawFinding[]> {
  const all: { file: string; raw: RawFinding; own: boolean }[] = [];
  for (const f of files) for (const raw of linked.get(f.path)?.findings ?? []) all.push({ file: raw.file ?? f.path, raw, own: !raw.file });
  const ordered = [...all.filter((x) => x.own), ...all.filter((x) => !x.own)];
  const site = (x: { file: string; raw: RawFinding }): string => `${x.file}:${x.raw.range.startLine}:${x.raw.range.startColumn}`;
  const domXss = new Set(ordered.filter((x) => x.raw.ruleId === 'security/dom-xss').map(site));
  const reporters = new Map<string, string[]>();
  for (const f of files)
    for (const raw of linked.get(f.path)?.findings ?? []) {
      const key = `${raw.ruleId}@${raw.file ?? f.path}:${raw.range.startLine}:${raw.range.startColumn}`;
      reporters.set(key, [...(reporters.get(key) ?? []), f.path]);
    }
  const seen = new Set<string>();
  const out = new Map<string, RawFinding[]>();
  for (const x of ordered) {
    const key = `${x.raw.ruleId}@${site(x)}`;
    if (seen.has(key) || (x.raw.ruleId === 'security/unsanitized-html' && domXss.has(site(x)))) continue;
    seen.add(key);
    const { file: _elsewhere, ...raw } = x.raw;
    const fromTests = !x.own && (reporters.get(key) ?? []).every(isTest);
    out.set(x.file, [...(out.get(x.file) ?? []), fromTests ? { ...raw, data: { ...raw.data, context: 'test' } } : raw]);
  }
  return out;
}

export function enabled(ruleId: string, category: string, input: SecurityInput, categories: Set<Category>): boolean {
  if (!categories.has(category as Category)) return false;
  if (input.rules?.enable && input.rules.enable.length > 0 && !input.rules.enable.includes(ruleId)) return false;
  return !(input.rules?.disable ?? []).includes(ruleId);
}

function pushFinding(
  scan: ProjectScan,
  file: string,
  raw: RawFinding,
  input: SecurityInput,
  categories: Set<Category>,
  test: boolean,
): void {
  const doc = ruleDoc(raw.ruleId);
  const category = doc?.category ?? 'other';
  if (!enabled(raw.ruleId, category, input, categories)) return;
  const policy = input.testFiles ?? 'info';
  if (test && policy === 'skip') return;
  let severity: Severity = input.severity?.[raw.ruleId] ?? raw.severity ?? doc?.defaultSeverity ?? 'medium';
  if (test && policy === 'info') severity = 'info';
  const data: Record<string, unknown> = { ...(raw.data ?? {}), category };
  if (test) data.context = 'test';
  const fix = raw.fix ?? doc?.fix;
  scan.findings.push({
    ruleId: raw.ruleId,
    severity,
    message: raw.message,
    file,
    range: raw.range,
    ...(doc?.cwe ? { cwe: doc.cwe } : {}),
    ...(fix ? { fix: { description: fix } } : {}),
    data,
  });
}
