/**
 * CapabilityTester, modelled on ESLint's RuleTester: tables of `valid`, `invalid` and `inputErrors`
 * cases for one capability. Each case is a sample project (a map of files and/or a fixture folder,
 * copied to a temp folder, optionally a git repository); its input is validated against the
 * capability's inputSchema as the daemon validates a submitted job, and the step runs through the
 * daemon's executor (step-runner.ts), so a case sees exactly what a job would: the worker's context,
 * its guards, its limits, the error codes a job reports.
 *
 * describe/it: `CapabilityTester.describe` / `.it` / `.itOnly` when set, else the globals (mocha,
 * vitest with globals, jest), else node:test's.
 */
import path from 'node:path';
import { DEFAULT_LIMITS, type InvokeScope, type RegisteredCapability, type StepResult } from '../contracts/index.js';
import { CapabilityRegistry, defaultRoots, loadRegistry, type InputValidation } from '../registry/index.js';
import { applyChanges, changesFromStaged } from '../workspace/index.js';
import type { CapabilityCases, CaseOutcome, CaseRun, InputErrorCase, InvalidCase, SampleProject, ValidCase } from './cases.js';
import { compareChanges, compareError, compareFindings, listFindings, mismatch, type FindingComparison } from './expectations.js';
import { removeSample, writeSample } from './sample-project.js';
import { closeTesterRunner, runTesterStep } from './step-runner.js';
import { resolveHooks, type Suite, type Test, type TestHooks } from './test-framework.js';

/** Where the tester finds the capability and how it validates inputs. */
export interface CapabilityLookup {
  get(id: string): RegisteredCapability | undefined;
  validateInput(id: string, input: unknown): InputValidation;
}

export interface CapabilityTesterOptions {
  /** The capability id, e.g. "analysis.smells". */
  capability: string;
  /**
   * Where it is registered: a registry (or a function returning one, called once), or a compiled
   * module path registered on its own. Default: agentd's own `dist/capabilities/<group>/<name>.js`.
   */
  registry?: CapabilityLookup | (() => Promise<CapabilityLookup>);
  module?: string;
  /** How expected findings are compared (default: any order, message parts). */
  findings?: FindingComparison;
  /** Title of the suite `run` declares (default the id). */
  title?: string;
}

const registries = new Map<string, Promise<CapabilityRegistry>>();

let firstParty: Promise<CapabilityRegistry> | undefined;

/**
 * What a composing capability may run through `ctx.invoke`, as the daemon's engine gives it: from the
 * first-party registry (the capabilities it composes are registered there, not in the tester's own).
 */
async function invokeScopeOf(registered: RegisteredCapability): Promise<InvokeScope | undefined> {
  if ((registered.meta.execution?.composes ?? []).length === 0) return undefined;
  firstParty ??= loadRegistry({ roots: defaultRoots() });
  const registry = await firstParty;
  if (!registry.get(registered.meta.id)) await registry.registerModule(registered.modulePath, registered.meta.group);
  return registry.invokeScope(registered.meta.id);
}

/** One registry per module path per process: a module is imported (and its meta checked) once. */
function registryOfModule(modulePath: string, group?: string): Promise<CapabilityRegistry> {
  const absolute = path.resolve(modulePath);
  let found = registries.get(absolute);
  if (!found) {
    found = (async () => {
      const registry = new CapabilityRegistry();
      await registry.registerModule(absolute, group as never);
      return registry;
    })();
    registries.set(absolute, found);
  }
  return found;
}

/** agentd's own compiled module of a first-party id: dist/capabilities/<group>/<name>.js. */
export function firstPartyModule(id: string): { modulePath: string; group: string } {
  const dot = id.indexOf('.');
  if (dot < 1 || id.includes('/'))
    throw new Error(`"${id}" is not a first-party capability id (<group>.<name>); pass options.module or options.registry`);
  const group = id.slice(0, dot);
  return { modulePath: path.join(defaultRoots()[0]!, group, `${id.slice(dot + 1)}.js`), group };
}

let jobCounter = 0;

export class CapabilityTester {
  static describe: Suite | undefined;
  static it: Test | undefined;
  static itOnly: Test | undefined;

  /** Stops the executor the tester started (it is idle-unref'd, so only needed to free it early). */
  static close(): Promise<void> {
    return closeTesterRunner();
  }

  readonly id: string;
  private readonly options: CapabilityTesterOptions;
  private lookup: Promise<CapabilityLookup> | undefined;

  constructor(options: CapabilityTesterOptions) {
    this.id = options.capability;
    this.options = options;
  }

  /**
   * Declares the suite: a test per case, under "valid", "invalid" and "input errors". `hooks` (a
   * layer's own describe/it, e.g. PluginTester's) come before the class's and the globals.
   */
  run(cases: CapabilityCases, hooks: TestHooks = {}): void {
    const { describe, it, itOnly } = resolveHooks({
      describe: hooks.describe ?? CapabilityTester.describe,
      it: hooks.it ?? CapabilityTester.it,
      itOnly: hooks.itOnly ?? CapabilityTester.itOnly,
    });
    const declare = (c: CaseRun | InputErrorCase, title: string, body: () => Promise<void>): unknown =>
      ((c as CaseRun).only ? itOnly : it)(title, body);
    describe(this.options.title ?? this.id, () => {
      if (cases.valid?.length)
        describe('valid', () =>
          cases.valid!.forEach((c, i) => declare(c, c.name ?? titleOf(c, `valid #${i + 1}`), () => this.checkValid(c))));
      if (cases.invalid?.length)
        describe('invalid', () =>
          cases.invalid!.forEach((c, i) => declare(c, c.name ?? titleOf(c, `invalid #${i + 1}`), () => this.checkInvalid(c))));
      if (cases.inputErrors?.length)
        describe('input errors', () =>
          cases.inputErrors!.forEach((c, i) =>
            declare(c, c.name ?? `input error #${i + 1}: ${JSON.stringify(c.input)}`, () => this.checkInputError(c)),
          ));
    });
  }

  /** The capability's input validation, as the daemon does it at job submission. */
  async validate(input: unknown): Promise<InputValidation> {
    return (await this.registry()).validateInput(this.id, input);
  }

  /**
   * Runs one case and returns what came out; the temp workspace is gone when it resolves (use
   * `check` for assertions that read it). An input the schema refuses gives error `invalid_input`.
   */
  async runCase(c: CaseRun): Promise<CaseOutcome> {
    const registry = await this.registry();
    const registered = registry.get(this.id);
    if (!registered) throw new Error(`capability "${this.id}" is not registered`);
    const root = await writeSample(c);
    try {
      const outcome = await this.runIn(registry, registered, root, c);
      if (c.check) await c.check(outcome);
      return outcome;
    } finally {
      await removeSample(root);
    }
  }

  /**
   * Runs the capability on a folder the caller owns (not copied, not removed): for tests that run
   * several steps on one sample, editing it in between. `apply` writes the staged changes to it.
   */
  async runInFolder(root: string, c: Omit<CaseRun, keyof SampleProject> = {}): Promise<CaseOutcome> {
    const registry = await this.registry();
    const registered = registry.get(this.id);
    if (!registered) throw new Error(`capability "${this.id}" is not registered`);
    const outcome = await this.runIn(registry, registered, path.resolve(root), c);
    if (c.check) await c.check(outcome);
    return outcome;
  }

  private async runIn(registry: CapabilityLookup, registered: RegisteredCapability, root: string, c: CaseRun): Promise<CaseOutcome> {
    const input = c.input ?? {};
    const logs: string[] = [];
    const validation = registry.validateInput(this.id, input);
    if (!validation.valid)
      return { root, changes: [], staged: [], logs, findings: [], error: { code: 'invalid_input', message: joinErrors(validation) } };
    const invoke = await invokeScopeOf(registered);
    const reply = await runTesterStep(
      {
        jobId: `capability-tester-${++jobCounter}`,
        stepIndex: 0,
        capabilityId: registered.meta.id,
        modulePath: registered.modulePath,
        input,
        root,
        staged: c.staged ?? [],
        previous: c.previous ?? [],
        maxToolCalls: c.maxToolCalls ?? 10_000,
        toolCallsUsed: 0,
        maxMemoryMB: DEFAULT_LIMITS.maxMemoryMB,
        permissions: { projectCode: c.projectCode ?? false },
        ...(registered.binding === undefined ? {} : { binding: registered.binding }),
        ...(invoke ? { invoke } : {}),
      },
      (event) => {
        if (event.kind === 'log') logs.push(`${event.level}: ${event.message}`);
      },
    );
    if (!reply.ok) {
      const error = {
        code: reply.error.code,
        message: reply.error.message,
        ...(reply.error.cause ? { cause: reply.error.cause.message } : {}),
      };
      return { root, changes: [], staged: [], logs, findings: [], error };
    }
    const changes = await changesFromStaged(root, reply.staged);
    if (c.apply) await applyChanges(root, changes);
    return { root, result: reply.result, changes, staged: reply.staged, logs, findings: reply.result.findings ?? [] };
  }

  private registry(): Promise<CapabilityLookup> {
    this.lookup ??= (async () => {
      const given = this.options.registry;
      if (given) return typeof given === 'function' ? given() : given;
      if (this.options.module) return registryOfModule(this.options.module);
      const { modulePath, group } = firstPartyModule(this.id);
      return registryOfModule(modulePath, group);
    })();
    return this.lookup;
  }

  private async checkValid(c: ValidCase): Promise<void> {
    await this.runCase({
      ...c,
      check: async (outcome) => {
        if (outcome.error) mismatch(`expected the step to succeed, it failed with ${outcome.error.code}: ${outcome.error.message}`);
        const findings = outcome.findings.filter((f) => c.ruleId === undefined || f.ruleId === c.ruleId);
        if (findings.length > 0)
          mismatch(`expected no findings${c.ruleId ? ` of ${c.ruleId}` : ''}, got ${findings.length}: ${listFindings(findings)}`);
        if (!c.allowChanges && outcome.changes.length > 0)
          mismatch(`expected no changes, got changes to ${outcome.changes.map((x) => x.path).join(', ')}`);
        checkResultShape(outcome.result!);
        if (c.check) await c.check(outcome);
      },
    });
  }

  private async checkInvalid(c: InvalidCase): Promise<void> {
    if (c.findings === undefined && c.changes === undefined && c.error === undefined)
      mismatch('an invalid case must say what it expects: findings, changes or error');
    await this.runCase({
      ...c,
      check: async (outcome) => {
        if (c.error !== undefined) compareError(c.error, outcome.error);
        else if (outcome.error) mismatch(`expected the step to succeed, it failed with ${outcome.error.code}: ${outcome.error.message}`);
        else checkResultShape(outcome.result!);
        if (c.findings !== undefined) {
          compareFindings(
            c.findings,
            outcome.findings.filter((f) => c.ruleId === undefined || f.ruleId === c.ruleId),
            this.options.findings,
          );
        }
        if (c.changes !== undefined) compareChanges(c.changes, outcome.changes);
        if (c.check) await c.check(outcome);
      },
    });
  }

  private async checkInputError(c: InputErrorCase): Promise<void> {
    const validation = await this.validate(c.input);
    if (validation.valid) mismatch(`expected the inputSchema of ${this.id} to refuse ${JSON.stringify(c.input)}, it accepted it`);
    const text = joinErrors(validation);
    const ok = typeof c.message === 'string' ? text.includes(c.message) : c.message.test(text);
    if (!ok) mismatch(`expected the input errors to match ${String(c.message)}, got: ${text}`);
  }
}

function joinErrors(validation: InputValidation): string {
  return validation.valid ? '' : validation.errors.map((e) => `${e.path} ${e.message}`).join('; ');
}

function titleOf(c: CaseRun, fallback: string): string {
  const files = Object.keys(c.files ?? {});
  const what = files.length ? files.join(', ') : c.fixture ? path.basename(c.fixture) : '';
  return what ? `${fallback}: ${what}`.slice(0, 100) : fallback;
}

/** Findings a step reports use 1-based ranges and workspace-relative POSIX paths (capabilities/README.md). */
function checkResultShape(result: StepResult): void {
  if (typeof result.summary !== 'string' || result.summary.length === 0) mismatch('the step result has no summary');
  for (const f of result.findings ?? []) {
    if (f.range.startLine < 1 || f.range.startColumn < 1) mismatch(`finding with a range that is not 1-based: ${JSON.stringify(f)}`);
    if (f.file.startsWith('/') || f.file.includes('\\')) mismatch(`finding with a path that is not workspace-relative POSIX: ${f.file}`);
  }
}
