/**
 * The quality score: the formula docs/quality-score.md documents, as pure functions.
 *
 *   effort(finding)  = MINUTES[severity] × WEIGHT[component]            (remediation minutes)
 *   debtRatio        = Σ effort / (10 min × max(sloc, 10))               (a technical-debt ratio, as SonarQube's)
 *   debtScore        = piecewise-linear(debtRatio) through (0,100) (5%,90) (10%,80) (20%,70) (50%,60) (100%,30) (200%,0)
 *   maintainScore    = min(100, 2.5 × maintainability index)            (MI 40 and up scores 100)
 *   score            = round1(0.85 × debtScore + 0.15 × maintainScore)
 *   grade            = A ≥ 90, B ≥ 80, C ≥ 70, D ≥ 60, else F
 *
 * The debt-ratio breakpoints are SonarQube's maintainability-rating boundaries (A ≤ 5%, B ≤ 10%,
 * C ≤ 20%, D ≤ 50%), mapped onto the grade boundaries. The cost of a line is 10 minutes rather than
 * SonarQube's 30 because the minutes per finding here are per severity, not per rule (see the doc).
 */
import type { Severity } from '../../../core/index.js';

export type Component = 'complexity' | 'smells' | 'duplication' | 'naming' | 'structure' | 'dependencies';
export const COMPONENTS: Component[] = ['complexity', 'smells', 'duplication', 'naming', 'structure', 'dependencies'];

export const MINUTES: Record<Severity, number> = { critical: 120, high: 60, medium: 30, low: 10, info: 2 };
export const DEFAULT_WEIGHTS: Record<Component, number> = {
  complexity: 1,
  smells: 1,
  duplication: 1,
  naming: 0.5,
  structure: 1,
  dependencies: 1,
};
export const DEV_MINUTES_PER_LINE = 10;
export const MIN_LINES = 10;
export const DEBT_SHARE = 0.85;
export const MAINTAINABILITY_SHARE = 0.15;

const DEBT_CURVE: [ratio: number, score: number][] = [
  [0, 100],
  [0.05, 90],
  [0.1, 80],
  [0.2, 70],
  [0.5, 60],
  [1, 30],
  [2, 0],
];

export type Grade = 'A' | 'B' | 'C' | 'D' | 'F';

// Rule ids are few and every finding asks (several times): each id is split once.
const componentsByRule = new Map<string, Component | undefined>();

export function componentOf(ruleId: string): Component | undefined {
  if (componentsByRule.has(ruleId)) return componentsByRule.get(ruleId);
  const prefix = ruleId.split('/')[0] as Component;
  const component = COMPONENTS.includes(prefix) ? prefix : undefined;
  componentsByRule.set(ruleId, component);
  return component;
}

export function effortOf(severity: Severity, component: Component, weights: Record<Component, number> = DEFAULT_WEIGHTS): number {
  return MINUTES[severity] * weights[component];
}

export function debtScore(ratio: number): number {
  for (let i = 1; i < DEBT_CURVE.length; i += 1) {
    const [r1, s1] = DEBT_CURVE[i]!;
    const [r0, s0] = DEBT_CURVE[i - 1]!;
    if (ratio <= r1) return s0 + ((ratio - r0) / (r1 - r0)) * (s1 - s0);
  }
  return 0;
}

export function maintainabilityScore(index: number): number {
  return Math.max(0, Math.min(100, 2.5 * index));
}

export function gradeOf(score: number): Grade {
  return score >= 90 ? 'A' : score >= 80 ? 'B' : score >= 70 ? 'C' : score >= 60 ? 'D' : 'F';
}

const round1 = (n: number): number => Math.round(n * 10) / 10;

export interface ScoreInput {
  /** Source lines of code. */
  sloc: number;
  /** Remediation minutes of the findings. */
  effortMinutes: number;
  /** Maintainability index 0..100 (for several files: their sloc-weighted mean). */
  maintainability: number;
}

export interface Score {
  score: number;
  grade: Grade;
  debtRatio: number;
  debtScore: number;
  maintainabilityScore: number;
  effortMinutes: number;
}

export function scoreOf({ sloc, effortMinutes, maintainability }: ScoreInput): Score {
  const ratio = effortMinutes / (DEV_MINUTES_PER_LINE * Math.max(sloc, MIN_LINES));
  const debt = debtScore(ratio);
  const mi = maintainabilityScore(maintainability);
  const score = round1(DEBT_SHARE * debt + MAINTAINABILITY_SHARE * mi);
  return {
    score,
    grade: gradeOf(score),
    debtRatio: Math.round(ratio * 10000) / 10000,
    debtScore: round1(debt),
    maintainabilityScore: round1(mi),
    effortMinutes,
  };
}
