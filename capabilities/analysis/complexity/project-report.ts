/** Measures the workspace's files through the context (parse tool + per-file memo) and summarises them. */
import {
  listSourcePaths,
  skippedSources,
  type CapabilityContext,
  type MemoScope,
  type Finding,
  type ParsedFile,
  type SkippedSource,
  type SourceSelection,
} from '../../../core/index.js';
import { measureTree, type FileMetrics } from './file-metrics.js';
import { fileFinding, functionFindings } from './findings.js';
import type { ComplexityInput, Thresholds } from './options.js';

import { SOURCE_EXTENSIONS } from '../../../core/index.js';

export { SOURCE_EXTENSIONS };

/** Bump when the metrics change, so memoised results of an older analyzer are not reused. */
const ANALYZER_VERSION = 1;

export interface FileReport extends FileMetrics {
  file: string;
  language: string;
}

export interface ProjectReport {
  files: FileReport[];
  skipped: SkippedSource[];
  findings: Finding[];
}

/** The sources in scope; declaration files have no function bodies to measure. */
export async function listSources(ctx: CapabilityContext, input: ComplexityInput): Promise<string[]> {
  return listSourcePaths(ctx, input);
}

/** A file's metrics, memoised by content hash: analysis.smells and analysis.quality reuse the same entries. */
export function fileMetricsOf(ctx: MemoScope, parsed: Pick<ParsedFile, 'path' | 'hash' | 'tree' | 'source'>): FileMetrics {
  const compute = (): FileMetrics => measureTree(parsed);
  const key = `analysis.complexity@${ANALYZER_VERSION}:${parsed.path}`;
  return ctx.tools.memo ? ctx.tools.memo(key, parsed.hash, compute) : compute();
}

function measureParsed(ctx: CapabilityContext, parsed: ParsedFile): FileReport {
  return { file: parsed.path, language: parsed.language, ...fileMetricsOf(ctx, parsed) };
}

/** One batched parse (one tool call) for the whole file set; unreadable files (too large, binary, unparsable) are skipped, not fatal. */
export async function measureProject(
  ctx: CapabilityContext,
  files: string[],
  thresholds: Thresholds,
  selection: SourceSelection,
): Promise<ProjectReport> {
  const parsed = await ctx.tools.parseMany(files);
  const report: ProjectReport = { files: [], skipped: skippedSources(ctx, selection, parsed.skipped, 'analysis.complexity'), findings: [] };
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
