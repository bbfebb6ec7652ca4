/**
 * analysis.performance's per-file result through the memo, under the one key its run() and its
 * per-file step share: whether the project runs in a browser (React render rules, bundle sizes) is
 * part of the key.
 */
import { memoised, type MemoScope, type ProjectContext, type SourceUnit } from '../../../core/index.js';
import { performanceOfFile, type FilePerformance } from './analyze-performance.js';
import type { PerformanceInput } from './options.js';

/** Bump when a per-file check changes, so memoised results of an older version are not reused. */
export const PERFORMANCE_VERSION = 3;
const BROWSER_FRAMEWORKS = new Set(['react', 'next', 'vue', 'svelte']);

/** Whether the React render and bundle-size rules apply: asked for, or a browser framework detected. */
export function isBrowserProject(input: PerformanceInput | undefined, project: ProjectContext): boolean {
  const browser = input?.browser ?? 'auto';
  return browser === 'yes' || (browser === 'auto' && project.frameworks.some((f) => BROWSER_FRAMEWORKS.has(f)));
}

export function memoisedPerformance(ctx: MemoScope, unit: SourceUnit, browserProject: boolean): FilePerformance {
  return memoised(ctx, `analysis.performance@${PERFORMANCE_VERSION}:${browserProject}`, unit, () =>
    performanceOfFile(unit, browserProject),
  );
}
