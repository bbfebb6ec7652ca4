/** analysis.performance as pure functions: per file (memoisable) and the project pass for memoised components. */
import type { Finding } from '../../../core/index.js';
import type { SourceUnit } from '../../../core/index.js';
import { linearSearchFindings, nestedLoopFindings } from './algorithms.js';
import { bundleFindings } from './bundle.js';
import { effectDependencyFindings } from './effect-deps.js';
import { intervalFindings, listenerFindings, unboundedCacheFindings } from './leaks.js';
import { nPlusOneFindings, sqlFindings } from './queries.js';
import {
  expensiveRenderFindings,
  inlinePropCandidates,
  inlinePropFindings,
  memoisedComponents,
  missingKeyFindings,
} from './react-render.js';

export interface FilePerformance {
  findings: Finding[];
  memoised: string[];
  /** JSX files: inline props of any component, kept by the project pass for the memoised ones. */
  inlineProps: Finding[];
}

export function performanceOfFile(unit: SourceUnit, browserProject: boolean): FilePerformance {
  const { root, source, path: file } = unit;
  const jsx = /\.[jt]sx$/.test(file);
  const findings = [
    ...nestedLoopFindings(file, root, source),
    ...linearSearchFindings(file, root, source),
    ...listenerFindings(file, root, source),
    ...intervalFindings(file, root, source),
    ...unboundedCacheFindings(file, root, source),
    ...nPlusOneFindings(file, root, source),
    ...sqlFindings(file, root, source),
    ...(browserProject || jsx ? bundleFindings(file, root, source) : []),
    ...(jsx ? [...missingKeyFindings(file, root, source), ...expensiveRenderFindings(file, root, source)] : []),
    ...effectDependencyFindings(file, root, source),
  ];
  return { findings, memoised: memoisedComponents(root, source), inlineProps: jsx ? inlinePropCandidates(file, root, source) : [] };
}

/** Adds the inline-prop check, which needs every file's memoised components (from the per-file results: no tree is walked). */
export function analyzePerformance(perFile: FilePerformance[]): Finding[] {
  const memoised = new Set(perFile.flatMap((p) => p.memoised));
  const findings = perFile.flatMap((p) => p.findings);
  for (const p of perFile) findings.push(...inlinePropFindings(p.inlineProps, memoised));
  return findings.sort(
    (a, b) => a.file.localeCompare(b.file) || a.range.startLine - b.range.startLine || a.range.startColumn - b.range.startColumn,
  );
}
