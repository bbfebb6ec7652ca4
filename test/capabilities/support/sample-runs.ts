/**
 * The capability tests' one way to run a capability on a sample project: CapabilityTester.runCase
 * (core/tester), i.e. a temp copy of the files or fixture, the input checked against the capability's
 * inputSchema, the step run in the daemon's executor. Replaces the per-folder temp-project helpers.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StepResult } from '../../../core/index.js';
import { CapabilityTester, type CaseOutcome, type CaseRun } from '../../../core/tester/index.js';

// Compiled to dist/test/capabilities/support/: the repository root is four levels up.
export const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
export const fixturePath = (...parts: string[]): string => path.join(REPO, 'fixtures', ...parts);

const testers = new Map<string, CapabilityTester>();

/** One tester per first-party capability id. */
export function testerOf(id: string): CapabilityTester {
  let tester = testers.get(id);
  if (!tester) testers.set(id, (tester = new CapabilityTester({ capability: id })));
  return tester;
}

/** Runs a case and returns its outcome; a failed step throws with its code and message. */
export async function runCase(id: string, c: CaseRun): Promise<CaseOutcome & { result: StepResult }> {
  const outcome = await testerOf(id).runCase(c);
  if (outcome.error)
    throw Object.assign(new Error(`${id} failed with ${outcome.error.code}: ${outcome.error.message}`), { code: outcome.error.code });
  return outcome as CaseOutcome & { result: StepResult };
}

/** The step result of `id` on a project made of `files`. */
export async function runOnFiles(id: string, files: Record<string, string>, input: unknown = {}, projectCode = false): Promise<StepResult> {
  return (await runCase(id, { files, input: input as Record<string, unknown>, projectCode })).result;
}

/** The step result of `id` on a copy of fixtures/<name>. */
export async function runOnFixture(
  id: string,
  name: string,
  input: unknown = {},
  options: Omit<CaseRun, 'fixture' | 'input'> = {},
): Promise<StepResult> {
  return (await runCase(id, { ...options, fixture: fixturePath(name), input: input as Record<string, unknown> })).result;
}

/** `file:line` of each finding of a rule. */
export const where = (result: StepResult, ruleId: string): string[] =>
  (result.findings ?? []).filter((f) => f.ruleId === ruleId).map((f) => `${f.file}:${f.range.startLine}`);
