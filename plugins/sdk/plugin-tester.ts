/**
 * PluginTester, modelled on ESLint's RuleTester: tables of `valid` and `invalid` cases, each a set of
 * files, an input and what must come out (findings by rule/file/line/message, staged file changes, or an
 * error code). Every case loads the plugin through the same path the daemon takes (the package.json
 * manifest, validated; the input checked against the capability's inputSchema) and runs it in the same
 * isolated-vm sandbox as production, on a temp folder holding the case's files.
 *
 * Test framework: `describe`/`it` are taken from the globals when present (mocha, vitest with globals,
 * jest), else from node:test; set `PluginTester.describe` / `PluginTester.it` to choose.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as nodeTest from 'node:test';
import { AgentdError, type Change, type Finding, type StepResult } from '../../core/index.js';
import { createLocalContext } from '../../core/context/local-context.js';
import { CapabilityRegistry } from '../../core/registry/index.js';
import { registerPlugins } from '../manifest/register-plugins.js';
import type { LoadedPlugin } from '../manifest/read-plugin.js';
import type { PluginBinding } from '../sandbox/binding.js';
import { runPluginStep } from '../sandbox/run-plugin-step.js';

type Suite = (name: string, body: () => void) => unknown;
type Test = (name: string, body: () => Promise<void>) => unknown;

export interface ExpectedFinding {
  ruleId?: string;
  file?: string;
  line?: number;
  /** Exact text, or a RegExp it must match. */
  message?: string | RegExp;
}

export interface TesterCase {
  name?: string;
  /** Workspace-relative path -> content. */
  files: Record<string, string>;
  input?: Record<string, unknown>;
}

export interface InvalidCase extends TesterCase {
  /** The findings, in order (each field given is compared); their number must match. */
  findings?: ExpectedFinding[];
  /** Staged changes: path -> content after (null: deleted). */
  changes?: Record<string, string | null>;
  /** The step must fail with this error code (e.g. "plugin_permission_denied"). */
  error?: string;
}

export interface TesterCases {
  valid: TesterCase[];
  invalid: InvalidCase[];
}

export interface CaseOutcome {
  result?: StepResult;
  changes: Change[];
  error?: { code: string; message: string };
}

export interface PluginTesterOptions {
  /** The plugin's folder (its package.json holds the manifest). */
  plugin: string;
}

function globalFunction<T>(name: string): T | undefined {
  const value = (globalThis as Record<string, unknown>)[name];
  return typeof value === 'function' ? (value as T) : undefined;
}

function fail(message: string): never {
  throw new Error(message);
}

function matches(expected: string | RegExp, actual: string): boolean {
  return typeof expected === 'string' ? expected === actual : expected.test(actual);
}

export class PluginTester {
  static describe: Suite | undefined;
  static it: Test | undefined;

  private readonly folder: string;
  private loading: Promise<{ plugin: LoadedPlugin; registry: CapabilityRegistry }> | undefined;

  constructor(options: PluginTesterOptions) {
    this.folder = path.resolve(options.plugin);
  }

  /** Declares one suite per capability: a test per valid and invalid case. */
  run(capability: string, cases: TesterCases): void {
    const suite = PluginTester.describe ?? globalFunction<Suite>('describe') ?? (nodeTest.describe as unknown as Suite);
    const test = PluginTester.it ?? globalFunction<Test>('it') ?? (nodeTest.it as unknown as Test);
    suite(capability, () => {
      suite('valid', () => {
        cases.valid.forEach((c, i) => test(c.name ?? `valid #${i + 1}`, () => this.checkValid(capability, c)));
      });
      suite('invalid', () => {
        cases.invalid.forEach((c, i) => test(c.name ?? `invalid #${i + 1}`, () => this.checkInvalid(capability, c)));
      });
    });
  }

  /** Runs one case and returns what came out (for assertions of your own). */
  async runCase(capability: string, testCase: TesterCase): Promise<CaseOutcome> {
    const { binding, registry, id } = await this.bindingOf(capability);
    const input = testCase.input ?? {};
    const validation = registry.validateInput(id, input);
    if (!validation.valid) {
      return { changes: [], error: { code: 'invalid_input', message: validation.errors.map((e) => `${e.path} ${e.message}`).join('; ') } };
    }
    const root = await mkdtemp(path.join(tmpdir(), 'agentd-plugin-case-'));
    try {
      for (const [file, content] of Object.entries(testCase.files)) {
        await mkdir(path.dirname(path.join(root, file)), { recursive: true });
        await writeFile(path.join(root, file), content);
      }
      const handle = await createLocalContext({ root, jobId: 'plugin-tester', limits: { maxToolCalls: 100_000 } });
      try {
        const result = await runPluginStep(binding, input, handle.ctx);
        return { result, changes: handle.ctx.workspace.changes() };
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        return { changes: [], error: { code: typeof code === 'string' ? code : 'error', message: (error as Error).message ?? String(error) } };
      }
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }

  private async bindingOf(capability: string): Promise<{ binding: PluginBinding; registry: CapabilityRegistry; id: string }> {
    this.loading ??= (async () => {
      const registry = new CapabilityRegistry();
      const report = await registerPlugins(registry, [this.folder], process.cwd());
      if (report.broken[0]) throw report.broken[0].error;
      return { plugin: report.loaded[0]!.plugin, registry };
    })();
    const { plugin, registry } = await this.loading;
    const found = plugin.capabilities.find((c) => c.meta.id === capability || c.binding.capability === capability);
    if (!found) throw new AgentdError('unknown_capability', `Plugin "${plugin.name}" declares no capability "${capability}" (it declares ${plugin.capabilities.map((c) => c.meta.id).join(', ')}).`);
    return { binding: found.binding, registry, id: found.meta.id };
  }

  private async checkValid(capability: string, testCase: TesterCase): Promise<void> {
    const outcome = await this.runCase(capability, testCase);
    if (outcome.error) fail(`expected the step to succeed, it failed with ${outcome.error.code}: ${outcome.error.message}`);
    const findings = outcome.result?.findings ?? [];
    if (findings.length > 0) fail(`expected no findings, got ${findings.length}: ${findings.map(describeFinding).join('; ')}`);
  }

  private async checkInvalid(capability: string, testCase: InvalidCase): Promise<void> {
    if (testCase.findings === undefined && testCase.changes === undefined && testCase.error === undefined) {
      fail('an invalid case must say what it expects: findings, changes or error');
    }
    const outcome = await this.runCase(capability, testCase);
    if (testCase.error !== undefined) {
      if (outcome.error?.code !== testCase.error) fail(`expected the step to fail with ${testCase.error}, got ${outcome.error ? `${outcome.error.code}: ${outcome.error.message}` : 'success'}`);
      return;
    }
    if (outcome.error) fail(`expected the step to succeed, it failed with ${outcome.error.code}: ${outcome.error.message}`);
    if (testCase.findings !== undefined) compareFindings(testCase.findings, outcome.result?.findings ?? []);
    if (testCase.changes !== undefined) compareChanges(testCase.changes, outcome.changes);
  }
}

function describeFinding(f: Finding): string {
  return `${f.ruleId} ${f.file}:${f.range.startLine} ${JSON.stringify(f.message)}`;
}

function compareFindings(expected: ExpectedFinding[], actual: Finding[]): void {
  if (expected.length !== actual.length) fail(`expected ${expected.length} findings, got ${actual.length}: ${actual.map(describeFinding).join('; ') || 'none'}`);
  expected.forEach((want, i) => {
    const got = actual[i]!;
    if (want.ruleId !== undefined && want.ruleId !== got.ruleId) fail(`finding #${i + 1}: expected rule ${want.ruleId}, got ${describeFinding(got)}`);
    if (want.file !== undefined && want.file !== got.file) fail(`finding #${i + 1}: expected file ${want.file}, got ${describeFinding(got)}`);
    if (want.line !== undefined && want.line !== got.range.startLine) fail(`finding #${i + 1}: expected line ${want.line}, got ${describeFinding(got)}`);
    if (want.message !== undefined && !matches(want.message, got.message)) fail(`finding #${i + 1}: expected message ${String(want.message)}, got ${describeFinding(got)}`);
  });
}

function compareChanges(expected: Record<string, string | null>, actual: Change[]): void {
  const got = new Map(actual.map((c) => [c.path, c.after]));
  const wanted = Object.keys(expected).sort();
  const paths = [...got.keys()].sort();
  if (JSON.stringify(wanted) !== JSON.stringify(paths)) fail(`expected changes to ${wanted.join(', ') || 'nothing'}, got changes to ${paths.join(', ') || 'nothing'}`);
  for (const file of wanted) {
    if (got.get(file) !== expected[file]) fail(`change of ${file}: expected ${JSON.stringify(expected[file])}, got ${JSON.stringify(got.get(file))}`);
  }
}
