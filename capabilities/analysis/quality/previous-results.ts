/**
 * Findings of the components that earlier steps of the job already produced (`ctx.previous`), found by
 * rule-id prefix: an earlier analysis.smells step's findings are used instead of running smells again.
 * A component whose earlier step reported nothing is simply run again (cheap: its per-file results
 * are memoised). The earlier step's own input (thresholds, scope) is respected as it was run.
 */
import type { Finding, StepResult } from '../../../core/index.js';
import { componentOf, type Component } from './score.js';

export function previousFindings(previous: readonly StepResult[]): Partial<Record<Component, Finding[]>> {
  const found: Partial<Record<Component, Finding[]>> = {};
  for (const step of previous) {
    const byComponent = new Map<Component, Finding[]>();
    for (const finding of step.findings ?? []) {
      const component = componentOf(finding.ruleId);
      if (!component) continue;
      const list = byComponent.get(component) ?? [];
      list.push(finding);
      byComponent.set(component, list);
    }
    // A later step of the same component replaces an earlier one.
    for (const [component, list] of byComponent) found[component] = list;
  }
  return found;
}
