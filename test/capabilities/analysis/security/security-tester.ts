/**
 * A RuleTester for analysis.security: each case is written to its own temporary workspace (CSRF is a
 * project-wide rule, so cases must not see each other) and scanned by the real capability.
 * `valid` cases must produce no finding at all; `invalid` cases exactly the expected ones. Lines of
 * the expected findings are those marked `// !` in the code, unless `errors` gives them.
 */
import { expect } from 'chai';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalContext } from '../../../../core/context/index.js';
import type { Finding, Severity, StepResult } from '../../../../core/index.js';
import { run } from '../../../../capabilities/analysis/security.js';
import type { SecurityInput } from '../../../../capabilities/analysis/security/options.js';

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

export async function scan(files: Record<string, string>, input: SecurityInput = {}): Promise<StepResult> {
  const root = await mkdtemp(path.join(tmpdir(), 'agentd-security-'));
  try {
    for (const [name, content] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(root, name)), { recursive: true });
      await writeFile(path.join(root, name), content);
    }
    const { ctx } = await createLocalContext({ root, limits: { maxToolCalls: 10_000 } });
    return await run({ categories: ['injection', 'xss', 'redos', 'secrets', 'crypto', 'csrf', 'transport', 'jwt'], ...input }, ctx);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

const mainFile = (c: SecurityCase): string => c.filename ?? 'src/app.ts';

/** `file:line rule` of each expected finding, sorted like the capability sorts (by file, then line). */
function expectedOf(c: SecurityCase): string[] {
  if (c.errors) return c.errors.map((e) => `${e.file ?? mainFile(c)}:${e.line} ${e.ruleId}`);
  return c.code.split('\n').flatMap((text, i) => (text.includes('// !') ? [`${mainFile(c)}:${i + 1} ${c.rule}`] : []));
}

const describeFinding = (f: Finding): string => `${f.ruleId}@${f.range.startLine} (${f.message})`;

export function runCases(title: string, table: CaseTable): void {
  describe(title, () => {
    describe('valid (safe look-alikes report nothing)', () => {
      for (const c of table.valid) {
        it(`${c.rule}: ${c.name}`, async () => {
          const result = await scan({ [mainFile(c)]: c.code, ...(c.files ?? {}) }, c.input);
          expect(result.findings!.map(describeFinding)).to.deep.equal([]);
        });
      }
    });
    describe('invalid (reported with rule id and line)', () => {
      for (const c of table.invalid) {
        it(`${c.rule}: ${c.name}`, async () => {
          const result = await scan({ [mainFile(c)]: c.code, ...(c.files ?? {}) }, c.input);
          const expected = expectedOf(c);
          expect(expected.length, 'the case names at least one expected finding').to.be.above(0);
          const actual = result.findings!.map((f) => `${f.file}:${f.range.startLine} ${f.ruleId}`);
          expect(actual.sort()).to.deep.equal([...expected].sort(), result.findings!.map(describeFinding).join('; '));
          for (const e of c.errors ?? []) {
            const found = result.findings!.find((f) => f.ruleId === e.ruleId && f.range.startLine === e.line);
            if (e.severity) expect(found!.severity, `${e.ruleId}@${e.line}`).to.equal(e.severity);
            expect(found!.cwe, 'every finding has a CWE id').to.match(/^CWE-\d+$/);
          }
        });
      }
    });
  });
}
