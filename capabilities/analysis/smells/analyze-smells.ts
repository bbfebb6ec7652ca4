/**
 * analysis.smells as pure functions over parsed sources, so analysis.quality can run it on trees it
 * already has: `smellsOfFile` (memoisable per content hash) and `analyzeSmells` (adds the cross-file
 * unused-export index).
 */
import type { Finding } from '../../../core/index.js';
import type { FileMeasures } from './file-measures.js';
import { measureFile } from './file-measures.js';
import { booleanFlagFindings } from './boolean-flags.js';
import { magicNumberFindings } from './magic-numbers.js';
import { moduleFacts, type ModuleFacts } from './module-facts.js';
import type { SmellOptions } from './options.js';
import { functionSizeFindings, largeClassFindings, longFileFinding } from './size-smells.js';
import { isTestFile, type SourceUnit } from '../../../core/index.js';
import { unreachableFindings } from './unreachable.js';
import { unusedExportFindings } from './unused-exports.js';

export interface FileSmells {
  findings: Finding[];
  measures: FileMeasures;
  facts: ModuleFacts;
}

/** `measure` lets a caller with a context reuse analysis.complexity's memoised metrics of the file (the same walk). */
export function smellsOfFile(
  unit: SourceUnit,
  options: SmellOptions,
  measure: (unit: SourceUnit) => FileMeasures = (u) => measureFile(u.root, u.source),
): FileSmells {
  const { root, source, path: file } = unit;
  const measures = measure(unit);
  const findings: Finding[] = [...functionSizeFindings(file, measures.functions, options.thresholds)];
  const long = longFileFinding(file, measures, options.thresholds);
  if (long) findings.push(long);
  findings.push(...largeClassFindings(file, root, source, options.thresholds));
  if (!(options.magicIgnoreTests && isTestFile(file))) {
    findings.push(...magicNumberFindings(file, root, source, { ignore: options.magicIgnore, ignoreHttpStatus: options.ignoreHttpStatus }));
  }
  findings.push(...unreachableFindings(file, root, source));
  findings.push(...booleanFlagFindings(file, root, source));
  return { findings, measures, facts: moduleFacts(root, source) };
}

export interface ProjectSmells {
  files: { file: string; smells: FileSmells }[];
  findings: Finding[];
}

/** `fileSmells` is usually memoised by the caller; the unused-export index is always recomputed (it depends on every file). */
export function analyzeSmells(
  files: { file: string; smells: FileSmells }[],
  options: SmellOptions,
  packageEntries: string[],
): ProjectSmells {
  const modules = new Map(files.map((f) => [f.file, f.smells.facts] as const));
  const unused = unusedExportFindings({
    modules,
    entryPoints: [...packageEntries, ...options.entryPoints],
    includeTypes: options.includeTypes,
  });
  const findings = [...files.flatMap((f) => f.smells.findings), ...unused];
  findings.sort(
    (a, b) => a.file.localeCompare(b.file) || a.range.startLine - b.range.startLine || a.range.startColumn - b.range.startColumn,
  );
  return { files, findings };
}
