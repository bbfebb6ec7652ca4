/** Measures the workspace's files through the context (parse tool + per-file memo) and summarises them. */
import type { CapabilityContext, Finding, ParsedFile } from '../../../core/index.js';
import { measureTree, type FileMetrics } from './file-metrics.js';
import { fileFinding, functionFindings } from './findings.js';
import type { ComplexityInput, Thresholds } from './options.js';

export const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

/** Bump when the metrics change, so memoised results of an older analyzer are not reused. */
const ANALYZER_VERSION = 1;

export interface FileReport extends FileMetrics {
  file: string;
  language: string;
}

export interface ProjectReport {
  files: FileReport[];
  skipped: { file: string; reason: string }[];
  findings: Finding[];
}

export async function listSources(ctx: CapabilityContext, input: ComplexityInput): Promise<string[]> {
  const files = await ctx.workspace.list({ include: input.include, exclude: input.exclude, extensions: SOURCE_EXTENSIONS });
  // Declaration files have no function bodies to measure.
  return files.filter((f) => !/\.d\.[mc]?ts$/.test(f)).sort();
}

function measureParsed(ctx: CapabilityContext, parsed: ParsedFile): FileReport {
  const compute = (): FileMetrics => measureTree(parsed.tree, parsed.source);
  const key = `analysis.complexity@${ANALYZER_VERSION}:${parsed.path}`;
  const metrics = ctx.tools.memo ? ctx.tools.memo(key, parsed.hash, compute) : compute();
  return { file: parsed.path, language: parsed.language, ...metrics };
}

export async function measureFile(ctx: CapabilityContext, file: string): Promise<FileReport> {
  return measureParsed(ctx, await ctx.tools.parse(file));
}

/** One batched parse (one tool call) for the whole file set; unreadable files (too large, binary) are skipped, not fatal. */
export async function measureProject(ctx: CapabilityContext, files: string[], thresholds: Thresholds): Promise<ProjectReport> {
  const report: ProjectReport = { files: [], skipped: [], findings: [] };
  const parsed = await ctx.tools.parseMany(files);
  for (const skipped of parsed.skipped) {
    report.skipped.push({ file: skipped.path, reason: skipped.message });
    ctx.log('warn', `analysis.complexity skipped "${skipped.path}": ${skipped.message}`);
  }
  for (const [index, file] of parsed.files.entries()) {
    ctx.signal.throwIfAborted();
    const measured = measureParsed(ctx, file);
    report.files.push(measured);
    for (const fn of measured.functions) report.findings.push(...functionFindings(measured.file, fn, thresholds));
    const low = fileFinding(measured.file, measured, thresholds);
    if (low) report.findings.push(low);
    if (index % 25 === 0) ctx.progress(Math.round(((index + 1) / parsed.files.length) * 100), measured.file);
  }
  return report;
}
