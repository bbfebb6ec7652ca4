/** Scanning the workspace: list, one batched parse (one tool call), memoised per-file scans, project-wide CSRF. */
import { parseSources, type CapabilityContext, type Finding, type Severity } from '../../../core/index.js';
import { csrfFindings, type CsrfFacts } from './config/csrf.js';
import { isTestPath } from './file-kind.js';
import type { SecurityInput } from './options.js';
import type { RawFinding } from './raw-finding.js';
import { ruleDoc, type Category } from './rules/index.js';
import { scanFile, SCANNER_VERSION, type FileScan } from './scan-file.js';

export { SOURCE_EXTENSIONS } from '../../../core/index.js';

export interface ProjectScan {
  files: string[];
  findings: Finding[];
  skipped: { file: string; reason: string }[];
}

export async function scanProject(ctx: CapabilityContext, input: SecurityInput, categories: Set<Category>): Promise<ProjectScan> {
  const keep = (f: string): boolean => !/\.min\.js$/.test(f);
  const { files: parsed, skipped } = await parseSources(ctx, { include: input.include, exclude: input.exclude, keep }, 'analysis.security');
  const scan: ProjectScan = { files: parsed.map((p) => p.path), findings: [], skipped };
  const csrf: { file: string; facts: CsrfFacts }[] = [];
  for (const [index, file] of parsed.entries()) {
    if (index % 32 === 0) ctx.signal.throwIfAborted();
    const compute = (): FileScan => scanFile(file);
    const result = ctx.tools.memo ? ctx.tools.memo(`analysis.security@${SCANNER_VERSION}:${file.path}`, file.hash, compute) : compute();
    for (const raw of result.findings) pushFinding(scan, file.path, raw, input, categories);
    csrf.push({ file: file.path, facts: result.csrf });
    if (index % 32 === 0) ctx.progress(Math.round(((index + 1) / parsed.length) * 100), file.path);
  }
  for (const { file, finding } of csrfFindings(csrf)) pushFinding(scan, file, finding, input, categories);
  return scan;
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
