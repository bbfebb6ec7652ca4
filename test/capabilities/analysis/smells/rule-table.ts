/**
 * ESLint-RuleTester-style tables for the analysis capabilities: every case is written to its own temp
 * project and the real capability runs on it through a real local context. `valid` cases must not
 * report the rule; `invalid` cases must report it at the given line (and as many times as `count`).
 */
import { expect } from 'chai';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalContext } from '../../../../core/context/index.js';
import type { CapabilityContext, Finding, StepResult } from '../../../../core/index.js';

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
  /** invalid only: how many findings of the rule the case must produce. */
  count?: number;
  /** invalid only: the file the finding must be in (default the case's file). */
  inFile?: string;
  input?: unknown;
  /** Run with the project-code permission (a case about the project's own ESLint config). */
  projectCode?: boolean;
}

export type CapabilityRun = (input: never, ctx: CapabilityContext) => Promise<StepResult>;

export async function runOnFiles(run: CapabilityRun, files: Record<string, string>, input: unknown = {}, projectCode = false): Promise<StepResult> {
  const root = await mkdtemp(path.join(tmpdir(), 'agentd-rules-'));
  try {
    for (const [file, content] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await writeFile(path.join(root, file), content);
    }
    const { ctx } = await createLocalContext({ root, limits: { maxToolCalls: 10_000 }, permissions: { projectCode } });
    return await run(input as never, ctx);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

function filesOf(c: RuleCase): Record<string, string> {
  return c.files ?? { [c.file ?? 'src/sample.ts']: c.code ?? '' };
}

function label(c: RuleCase): string {
  return c.name ?? (c.code ?? Object.keys(c.files ?? {}).join(', ')).replace(/\s+/g, ' ').slice(0, 90);
}

export function ruleTable(run: CapabilityRun, cases: { valid: RuleCase[]; invalid: RuleCase[] }): void {
  describe('valid (must not report)', () => {
    for (const c of cases.valid) {
      it(`${c.ruleId}: ${label(c)}`, async () => {
        const result = await runOnFiles(run, filesOf(c), c.input, c.projectCode);
        const hits = (result.findings ?? []).filter((f) => f.ruleId === c.ruleId);
        expect(hits.map((f) => `${f.file}:${f.range.startLine} ${f.message}`)).to.deep.equal([]);
      });
    }
  });
  describe('invalid (must report)', () => {
    for (const c of cases.invalid) {
      it(`${c.ruleId} at line ${c.line}: ${label(c)}`, async () => {
        const result = await runOnFiles(run, filesOf(c), c.input, c.projectCode);
        const expectedFile = c.inFile ?? c.file ?? (c.files ? Object.keys(c.files)[0] : 'src/sample.ts');
        const hits = (result.findings ?? []).filter((f: Finding) => f.ruleId === c.ruleId && f.file === expectedFile);
        expect(hits.length, `findings: ${JSON.stringify((result.findings ?? []).map((f) => [f.ruleId, f.file, f.range.startLine]))}`).to.be.at.least(1);
        if (c.line !== undefined) expect(hits[0]!.range.startLine).to.equal(c.line);
        if (c.count !== undefined) expect(hits.length).to.equal(c.count);
        for (const f of hits) {
          expect(f.range.startLine).to.be.at.least(1);
          expect(f.range.startColumn).to.be.at.least(1);
          expect(f.message.length).to.be.above(10);
        }
      });
    }
  });
}

/** The meta-test: every documented rule has its docs filled and at least one valid and one invalid case. */
export function metaTable(rules: { id: string; title: string; description: string; why: string; fix: string; example: { bad: string; good: string } }[], cases: { valid: RuleCase[]; invalid: RuleCase[] }): void {
  describe('meta.rules', () => {
    for (const rule of rules) {
      it(`${rule.id} is documented and has valid and invalid cases`, () => {
        for (const field of ['title', 'description', 'why', 'fix'] as const) expect(rule[field], `${rule.id}.${field}`).to.be.a('string').with.length.above(3);
        expect(rule.example.bad).to.not.equal(rule.example.good);
        expect(cases.valid.some((c) => c.ruleId === rule.id), 'a valid case').to.equal(true);
        expect(cases.invalid.some((c) => c.ruleId === rule.id), 'an invalid case').to.equal(true);
      });
    }
  });
}
