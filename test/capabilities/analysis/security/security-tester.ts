/**
 * analysis.security's case tables on CapabilityTester (core/tester): each case is its own sample
 * project (CSRF is a project-wide rule, so cases must not see each other) scanned by the real
 * capability in the daemon's executor. `valid` cases must produce no finding at all; `invalid` cases
 * exactly the expected ones. Lines of the expected findings are those marked `// !` in the code,
 * unless `errors` gives them; every finding of an `errors` entry has a CWE id.
 */
import { expect } from 'chai';
import type { Severity, StepResult } from '../../../../core/index.js';
import { CapabilityTester, type ExpectedFinding, type InvalidCase, type ValidCase } from '../../../../core/tester/index.js';
import type { SecurityInput } from '../../../../capabilities/analysis/security/options.js';
import { runOnFiles } from '../../support/sample-runs.js';

export interface SecurityCase {
  /** The rule the case is about (for the meta-test: every rule has valid and invalid cases). */
  rule: string;
  name: string;
  code: string;
  /** Default `src/app.ts`. */
  filename?: string;
  /** More files of the same workspace. */
  files?: Record<string, string>;
  /** Expected findings; default: one finding of `rule` on each line marked `// !`. */
  errors?: { ruleId: string; line: number; file?: string; severity?: Severity }[];
  input?: SecurityInput;
}

export interface CaseTable {
  valid: SecurityCase[];
  invalid: SecurityCase[];
}

const ALL_CATEGORIES = ['injection', 'xss', 'redos', 'secrets', 'crypto', 'csrf', 'transport', 'jwt'];

const inputOf = (input: SecurityInput = {}): Record<string, unknown> =>
  ({ categories: ALL_CATEGORIES, ...input }) as Record<string, unknown>;

/** analysis.security on a project made of `files`, every category on unless `input` says otherwise. */
export function scan(files: Record<string, string>, input: SecurityInput = {}): Promise<StepResult> {
  return runOnFiles('analysis.security', files, inputOf(input));
}

const mainFile = (c: SecurityCase): string => c.filename ?? 'src/app.ts';

function expectedOf(c: SecurityCase): ExpectedFinding[] {
  if (c.errors)
    return c.errors.map((e) => ({
      ruleId: e.ruleId,
      file: e.file ?? mainFile(c),
      line: e.line,
      ...(e.severity ? { severity: e.severity } : {}),
    }));
  return c.code.split('\n').flatMap((text, i) => (text.includes('// !') ? [{ ruleId: c.rule, file: mainFile(c), line: i + 1 }] : []));
}

function toValid(c: SecurityCase): ValidCase {
  return { name: `${c.rule}: ${c.name}`, files: { [mainFile(c)]: c.code, ...(c.files ?? {}) }, input: inputOf(c.input) };
}

function toInvalid(c: SecurityCase): InvalidCase {
  const findings = expectedOf(c);
  return {
    name: `${c.rule}: ${c.name}`,
    files: { [mainFile(c)]: c.code, ...(c.files ?? {}) },
    input: inputOf(c.input),
    findings,
    check: (outcome) => {
      expect(findings.length, 'the case names at least one expected finding').to.be.above(0);
      for (const e of c.errors ?? []) {
        const found = outcome.findings.find((f) => f.ruleId === e.ruleId && f.range.startLine === e.line);
        expect(found!.cwe, 'every finding has a CWE id').to.match(/^CWE-\d+$/);
      }
    },
  };
}

export function runCases(title: string, table: CaseTable): void {
  new CapabilityTester({ capability: 'analysis.security', title }).run({
    valid: table.valid.map(toValid),
    invalid: table.invalid.map(toInvalid),
  });
}
