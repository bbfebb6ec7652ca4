/** One phrasing of the planning corpus and the outcome it must get. */
export type FixtureName = 'express-ts-api' | 'react-ts-app' | 'legacy-js-package' | 'refactoring-samples/shop';

export interface CorpusCase {
  fixture: FixtureName;
  /** Earlier user turns of the session (each planned in turn), for follow-ups and answers. */
  turns?: string[];
  task: string;
  expect: {
    kind: 'plan' | 'question' | 'unsupported';
    /** Plan: the capability ids of the steps, in order. */
    capabilities?: string[];
    /** Plan: key input fields per capability id (a subset: only these keys are compared). */
    inputs?: Record<string, Record<string, unknown>>;
    /** Plan: the target of the first step that has one (null: no step has a target). */
    target?: string | null;
    /** Plan: the minimum-severity filter. */
    minSeverity?: string;
    /** Question: options that must be offered. */
    options?: string[];
  };
  /** Why this case is allowed to fail (a documented limitation); absent for cases that must pass. */
  knownLimitation?: string;
}
