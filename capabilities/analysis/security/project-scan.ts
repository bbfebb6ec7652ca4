/** Scanning the workspace: list, parse (counted tool calls), memoised per-file scans, project-wide CSRF. */
import type { CapabilityContext, Finding, Severity } from '../../../core/index.js';
import { csrfFindings, type CsrfFacts } from './config/csrf.js';
import { isTestPath } from './file-kind.js';
import type { SecurityInput } from './options.js';
import type { RawFinding } from './raw-finding.js';
import { ruleDoc, type Category } from './rules/index.js';
import { scanFile, SCANNER_VERSION, type FileScan } from './scan-file.js';

export const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

export interface ProjectScan {
  files: string[];
  findings: Finding[];
  skipped: { file: string; reason: string }[];
}

export async function scanProject(ctx: CapabilityContext, input: SecurityInput, categories: Set<Category>): Promise<ProjectScan> {
  const files = (await ctx.workspace.list({ include: input.include, exclude: input.exclude, extensions: SOURCE_EXTENSIONS }))
    .filter((f) => !/\.d\.[mc]?ts$/.test(f) && !/\.min\.js$/.test(f))
    .sort();
  const scan: ProjectScan = { files, findings: [], skipped: [] };
  const csrf: { file: string; facts: CsrfFacts }[] = [];
  for (const [index, file] of files.entries()) {
    ctx.signal.throwIfAborted();
    let result: FileScan;
    try {
      const parsed = await ctx.tools.parse(file);
      const compute = (): FileScan => scanFile(parsed);
      result = ctx.tools.memo ? ctx.tools.memo(`analysis.security@${SCANNER_VERSION}:${parsed.path}`, parsed.hash, compute) : compute();
    } catch (error) {
      // Budget and cancellation end the step; one unreadable file (too large, binary) does not.
      const code = (error as { code?: string }).code;
      if (code === 'tool_call_limit' || code === 'cancelled' || ctx.signal.aborted) throw error;
      scan.skipped.push({ file, reason: (error as Error).message });
      ctx.log('warn', `analysis.security skipped "${file}": ${(error as Error).message}`);
      continue;
    }
    for (const raw of result.findings) pushFinding(scan, file, raw, input, categories);
    csrf.push({ file, facts: result.csrf });
    ctx.progress(Math.round(((index + 1) / files.length) * 100), file);
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
