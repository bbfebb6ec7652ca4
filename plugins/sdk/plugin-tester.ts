/**
 * PluginTester, modelled on ESLint's RuleTester: tables of `valid` and `invalid` cases, each a set of
 * files, an input and what must come out (findings by rule/file/line/message, staged file changes, or an
 * error code). A thin layer over agentd's CapabilityTester (core/tester): the plugin is loaded through
 * the same path the daemon takes (the package.json manifest, validated, registered with its sandbox
 * binding; the input checked against the capability's inputSchema) and every case runs in the daemon's
 * executor, whose step worker runs the plugin in the same isolated-vm sandbox as production, on a temp
 * folder holding the case's files. A plugin with npm dependencies is bundled first, as `agentd plugin add`
 * bundles it (plugins/bundle).
 *
 * Test framework: `describe`/`it` are taken from the globals when present (mocha, vitest with globals,
 * jest), else from node:test; set `PluginTester.describe` / `PluginTester.it` to choose.
 */
import path from 'node:path';
import { AgentdError, type Change, type StepResult } from '../../core/index.js';
import { CapabilityRegistry } from '../../core/registry/index.js';
import { CapabilityTester, type CapabilityLookup, type Suite, type Test } from '../../core/tester/index.js';
import { registerPlugins } from '../manifest/register-plugins.js';
import { readPlugin, type LoadedPlugin } from '../manifest/read-plugin.js';
import { bundlePlugin } from '../bundle/bundle-plugin.js';

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
    this.testerOf(capability).run(
      {
        // PluginTester's valid case: success with no findings (a generator's staged files are its success).
        valid: cases.valid.map((c) => ({ ...c, allowChanges: true })),
        invalid: cases.invalid,
      },
      { describe: PluginTester.describe, it: PluginTester.it },
    );
  }

  /** Runs one case and returns what came out (for assertions of your own). */
  async runCase(capability: string, testCase: TesterCase): Promise<CaseOutcome> {
    const { result, changes, error } = await this.testerOf(capability).runCase(testCase);
    return { result, changes, ...(error ? { error } : {}) };
  }

  private testerOf(capability: string): CapabilityTester {
    const lookup = async (): Promise<{ registry: CapabilityLookup; id: string }> => {
      this.loading ??= (async () => {
        // Bundled as `agentd plugin add` bundles it, so a plugin with npm dependencies is tested as it will run.
        const unbundled = await readPlugin(this.folder, process.cwd(), { bundle: 'ignore' });
        await bundlePlugin(unbundled.name, unbundled.folder, unbundled.entry);
        const registry = new CapabilityRegistry();
        const report = await registerPlugins(registry, [this.folder], process.cwd());
        if (report.broken[0]) throw report.broken[0].error;
        return { plugin: report.loaded[0]!.plugin, registry };
      })();
      const { plugin, registry } = await this.loading;
      const found = plugin.capabilities.find((c) => c.meta.id === capability || c.binding.capability === capability);
      if (!found)
        throw new AgentdError(
          'unknown_capability',
          `Plugin "${plugin.name}" declares no capability "${capability}" (it declares ${plugin.capabilities.map((c) => c.meta.id).join(', ')}).`,
        );
      return { registry, id: found.meta.id };
    };
    // The tester names the capability by its registered (namespaced) id; a short id is resolved on first use.
    const resolved = lookup();
    resolved.catch(() => undefined);
    return new CapabilityTester({
      capability,
      title: capability,
      findings: { ordered: true, exactMessages: true },
      registry: async () => {
        const { registry, id } = await resolved;
        return {
          get: (wanted) => registry.get(wanted === capability ? id : wanted),
          validateInput: (wanted, input) => registry.validateInput(wanted === capability ? id : wanted, input),
        };
      },
    });
  }
}
