/**
 * Rule tables for the analysis capabilities, on CapabilityTester (core/tester): every case is its own
 * sample project run through the daemon's executor. `valid` cases must not report the rule; `invalid`
 * cases must report it exactly `count` times (default once), in the case's file, the first at `line`,
 * each with a message of more than 10 characters.
 */
import { expect } from 'chai';
import { CapabilityTester, type ExpectedFinding, type InvalidCase, type ValidCase } from '../../../core/tester/index.js';

export { runOnFiles } from './sample-runs.js';

export interface RuleCase {
  /** What the case shows; defaults to the code. */
  name?: string;
  /** One file's content (written as `file`, default src/sample.ts). */
  code?: string;
  file?: string;
  /** Several files (relative paths) instead of `code`. */
  files?: Record<string, string>;
  ruleId: string;
  /** invalid only: the 1-based line of the (first) expected finding. */
  line?: number;
  /** invalid only: how many findings of the rule the case must produce (default 1). */
  count?: number;
  /** invalid only: the file the findings must be in (default the case's file). */
  inFile?: string;
  input?: unknown;
  /** Run with the project-code permission (a case about the project's own ESLint config). */
  projectCode?: boolean;
}

function filesOf(c: RuleCase): Record<string, string> {
  return c.files ?? { [c.file ?? 'src/sample.ts']: c.code ?? '' };
}

function label(c: RuleCase): string {
  return c.name ?? (c.code ?? Object.keys(c.files ?? {}).join(', ')).replace(/\s+/g, ' ').slice(0, 90);
}

const LONG_MESSAGE = /^[\s\S]{11}/;

export function toValidCase(c: RuleCase): ValidCase {
  return {
    name: `${c.ruleId}: ${label(c)}`,
    ruleId: c.ruleId,
    files: filesOf(c),
    input: c.input as Record<string, unknown>,
    projectCode: c.projectCode,
  };
}

export function toInvalidCase(c: RuleCase): InvalidCase {
  const file = c.inFile ?? c.file ?? (c.files ? Object.keys(c.files)[0]! : 'src/sample.ts');
  const findings: ExpectedFinding[] = Array.from({ length: c.count ?? 1 }, (_, i) => ({
    ruleId: c.ruleId,
    file,
    message: LONG_MESSAGE,
    ...(i === 0 && c.line !== undefined ? { line: c.line } : {}),
  }));
  return {
    name: `${c.ruleId} at line ${c.line}: ${label(c)}`,
    ruleId: c.ruleId,
    findings,
    files: filesOf(c),
    input: c.input as Record<string, unknown>,
    projectCode: c.projectCode,
  };
}

/** Declares the capability's tester suite from a rule table (findings of the case's rule compared in the order reported). */
export function ruleTable(capability: string, cases: { valid: RuleCase[]; invalid: RuleCase[] }): CapabilityTester {
  const tester = new CapabilityTester({ capability, findings: { ordered: true } });
  tester.run({ valid: cases.valid.map(toValidCase), invalid: cases.invalid.map(toInvalidCase) });
  return tester;
}

/** The meta-test: every documented rule has its docs filled and at least one valid and one invalid case. */
export function metaTable(
  rules: { id: string; title: string; description: string; why: string; fix: string; example: { bad: string; good: string } }[],
  cases: { valid: RuleCase[]; invalid: RuleCase[] },
): void {
  describe('meta.rules', () => {
    for (const rule of rules) {
      it(`${rule.id} is documented and has valid and invalid cases`, () => {
        for (const field of ['title', 'description', 'why', 'fix'] as const)
          expect(rule[field], `${rule.id}.${field}`).to.be.a('string').with.length.above(3);
        expect(rule.example.bad).to.not.equal(rule.example.good);
        expect(
          cases.valid.some((c) => c.ruleId === rule.id),
          'a valid case',
        ).to.equal(true);
        expect(
          cases.invalid.some((c) => c.ruleId === rule.id),
          'an invalid case',
        ).to.equal(true);
      });
    }
  });
}
