/**
 * Scanning the workspace: list, one batched parse (one tool call), memoised per-file scans, the
 * cross-file taint link (./modules/), project-wide CSRF.
 */
import { memoised, parseSources, type CapabilityContext, type Finding, type ParsedFile, type Severity, type SkippedSource } from '../../../core/index.js';
import { csrfFindings, type CsrfFacts } from './config/csrf.js';
import { isTestPath } from './file-kind.js';
import { linkTaint } from './modules/link-taint.js';
import type { SecurityInput } from './options.js';
import type { RawFinding } from './raw-finding.js';
import { ruleDoc, type Category } from './rules/index.js';
import { filesNeedingTaint } from './modules/taint-reach.js';
import { NO_TAINT, scanFile, scanTaintAlone, SCANNER_VERSION, type FileScan, type TaintScan } from './scan-file.js';

export { SOURCE_EXTENSIONS } from '../../../core/index.js';

export interface ProjectScan {
  files: string[];
  findings: Finding[];
  skipped: SkippedSource[];
}

export async function scanProject(ctx: CapabilityContext, input: SecurityInput, categories: Set<Category>): Promise<ProjectScan> {
  const keep = (f: string): boolean => !/\.min\.js$/.test(f);
  const { files: parsed, skipped } = await parseSources(ctx, { include: input.include, exclude: input.exclude, keep }, 'analysis.security');
  const scan: ProjectScan = { files: parsed.map((p) => p.path), findings: [], skipped };
  const scans = new Map<string, FileScan>();
  for (const [index, file] of parsed.entries()) {
    if (index % 32 === 0) ctx.signal.throwIfAborted();
    scans.set(file.path, memoised(ctx, `analysis.security@${SCANNER_VERSION}`, file, () => scanFile(file)));
    if (index % 32 === 0) ctx.progress(Math.round(((index + 1) / parsed.length) * 100), file.path);
  }
  const wantsTaint = categories.has('injection') || categories.has('xss');
  const linked = wantsTaint ? linkTaint(parsed, aloneTaint(ctx, parsed, scans), (key, unit, compute) => memoised(ctx, key, unit, compute)) : new Map<string, TaintScan>();
  const taint = taintByFile(parsed, linked);
  for (const file of parsed) {
    const raws = [...scans.get(file.path)!.findings, ...(taint.get(file.path) ?? [])];
    raws.sort((a, b) => a.range.startLine - b.range.startLine || a.range.startColumn - b.range.startColumn);
    for (const raw of raws) pushFinding(scan, file.path, raw, input, categories);
  }
  const csrf: { file: string; facts: CsrfFacts }[] = parsed.map((f) => ({ file: f.path, facts: scans.get(f.path)!.csrf }));
  for (const { file, finding } of csrfFindings(csrf)) pushFinding(scan, file, finding, input, categories);
  return scan;
}

/** Each file's taint part without imported summaries; files no input can reach get NO_TAINT without evaluation. */
function aloneTaint(ctx: CapabilityContext, parsed: readonly ParsedFile[], scans: ReadonlyMap<string, FileScan>): Map<string, TaintScan> {
  const needed = filesNeedingTaint(parsed.map((f) => ({ path: f.path, starts: scans.get(f.path)!.startsTaint, specifiers: scans.get(f.path)!.specifiers })));
  const out = new Map<string, TaintScan>();
  for (const [index, file] of parsed.entries()) {
    if (index % 32 === 0) ctx.signal.throwIfAborted();
    out.set(file.path, needed.has(file.path) ? memoised(ctx, `analysis.security@${SCANNER_VERSION}:taint`, file, () => scanTaintAlone(file)) : NO_TAINT);
  }
  return out;
}

/**
 * Taint findings by the file they are in. A sink in a shared module can be reached from several
 * callers: it is reported once, with the evidence of its own file's scan when that found it, else of
 * the first caller in path order. A dom-xss at a site replaces the site's unsanitized-html.
 */
function taintByFile(files: readonly ParsedFile[], linked: ReadonlyMap<string, TaintScan>): Map<string, RawFinding[]> {
  const all: { file: string; raw: RawFinding; own: boolean }[] = [];
  for (const f of files) for (const raw of linked.get(f.path)?.findings ?? []) all.push({ file: raw.file ?? f.path, raw, own: !raw.file });
  const ordered = [...all.filter((x) => x.own), ...all.filter((x) => !x.own)];
  const site = (x: { file: string; raw: RawFinding }): string => `${x.file}:${x.raw.range.startLine}:${x.raw.range.startColumn}`;
  const domXss = new Set(ordered.filter((x) => x.raw.ruleId === 'security/dom-xss').map(site));
  const seen = new Set<string>();
  const out = new Map<string, RawFinding[]>();
  for (const x of ordered) {
    const key = `${x.raw.ruleId}@${site(x)}`;
    if (seen.has(key) || (x.raw.ruleId === 'security/unsanitized-html' && domXss.has(site(x)))) continue;
    seen.add(key);
    const { file: _elsewhere, ...raw } = x.raw;
    out.set(x.file, [...(out.get(x.file) ?? []), raw]);
  }
  return out;
}

export function enabled(ruleId: string, category: string, input: SecurityInput, categories: Set<Category>): boolean {
  if (!categories.has(category as Category)) return false;
  if (input.rules?.enable && input.rules.enable.length > 0 && !input.rules.enable.includes(ruleId)) return false;
  return !(input.rules?.disable ?? []).includes(ruleId);
}

function pushFinding(scan: ProjectScan, file: string, raw: RawFinding, input: SecurityInput, categories: Set<Category>): void {
  const doc = ruleDoc(raw.ruleId);
  const category = doc?.category ?? 'other';
  if (!enabled(raw.ruleId, category, input, categories)) return;
  const test = isTestPath(file);
  const policy = input.testFiles ?? 'info';
  if (test && policy === 'skip') return;
  let severity: Severity = input.severity?.[raw.ruleId] ?? raw.severity ?? doc?.defaultSeverity ?? 'medium';
  if (test && policy === 'info') severity = 'info';
  const data: Record<string, unknown> = { ...(raw.data ?? {}), category };
  if (test) data.context = 'test';
  scan.findings.push({ ruleId: raw.ruleId, severity, message: raw.message, file, range: raw.range, ...(doc?.cwe ? { cwe: doc.cwe } : {}), data });
}
