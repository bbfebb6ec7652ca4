/**
 * generation.hook: a custom React hook in TypeScript of one of six documented kinds — toggle, counter,
 * state, localStorage, debounce, fetch — named by the Rules of Hooks (useX), with typed parameters and
 * a typed result, placed and exported as the project's hooks are, and a renderHook test (Testing
 * Library) in the project's runner. Templates: hook/templates/<kind>.ts.eta and <kind>.test.ts.eta
 * (overridable per project under .agentd/templates/hook/). Staged, formatted with the project's
 * Prettier settings; never overwrites (kit). In a Vue or Svelte project it writes a Vue composable, a
 * Svelte 5 runes module or a Svelte 4 store of the same kind instead, with a vitest test
 * (hook/composable-generate.ts).
 */
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../core/index.js';
import { PLANNING } from './hook/planning.js';
import { AgentdError } from '../../core/index.js';
import { collidingExport, describeStaged, templateRenderer, stageFiles, type GeneratedFile } from './kit/index.js';
import { readConventions } from './component/conventions.js';
import { assertReactProject } from './component/project-checks.js';
import { checkHookInput, hookInputSchema, resolveKind, type HookInput } from './hook/input.js';
import { foldCommon, type TaskFields } from './component/task-input.js';
import { buildHookModel } from './hook/model.js';
import { hookPaths } from './hook/paths.js';
import { sfcFramework } from './component/sfc-framework.js';
import { runComposable } from './hook/composable-generate.js';

export const meta: CapabilityMeta = {
  id: 'generation.hook',
  group: 'generation',
  title: 'Hook (React hook, Vue composable, Svelte runes module)',
  description:
    "A custom React hook, Vue composable, Svelte 5 runes module or Svelte 4 store (by the project's framework) of one of six kinds (toggle, counter, state, localStorage, debounce or fetch) with typed parameters and result, placed and exported as the project's hooks or composables are, with a test in the project's runner (renderHook for React; vitest for Vue and Svelte).",
  version: '1.0.0',
  inputSchema: hookInputSchema as unknown as CapabilityMeta['inputSchema'],
  writes: true,
  planning: PLANNING,
};

export async function run(given: HookInput & TaskFields, ctx: CapabilityContext): Promise<StepResult> {
  const conventions = await readConventions(ctx);
  const folded = foldCommon(given, 'hook', conventions.runner ?? (ctx.project.testRunner === 'none' ? null : ctx.project.testRunner));
  if (given.fields !== undefined && given.fields.length > 0)
    throw new AgentdError('invalid_input', 'fields: a hook takes no fields; give its kind, type and initial value', {
      details: [{ path: '/fields', message: 'not for a hook' }],
    });
  if (given.library === 'tailwind' || given.library === 'css-modules' || given.library === 'styled-components')
    throw new AgentdError('invalid_input', `library: ${given.library} does not apply to a hook`, {
      details: [{ path: '/library', message: 'not for a hook' }],
    });
  const { framework: _framework, library: _library, fields: _fields, include: _include, ...own } = given;
  const input = { ...own, kind: resolveKind(own), ...(folded !== undefined && own.directory === undefined ? { directory: folded } : {}) };
  const sfc = sfcFramework(given.framework, ctx, 'hook');
  if (sfc) return runComposable(input, ctx, sfc, conventions);
  assertReactProject(ctx, 'hook');
  const parsed = checkHookInput(input);
  if (input.test === true && conventions.runner === null)
    throw new AgentdError('invalid_input', `test: cannot write a hook test: ${conventions.runnerMissing}`, {
      details: [{ path: '/test', message: conventions.runnerMissing ?? 'no runner' }],
    });
  const withTest = input.test !== false && conventions.runner !== null;
  const directory = (input.directory ?? conventions.hookDir).replace(/\/+$/, '') || '.';
  const existingHooks = await ctx.workspace.list({ include: [`${conventions.hookDir}/use*`], exclude: ['**/*.test.*', '**/*.spec.*'] });
  const kebabFiles = existingHooks.length > 0 && existingHooks.every((f) => /\/use-[a-z0-9-]+\.[jt]sx?$/.test(f));
  const paths = hookPaths(input.name, directory, conventions, kebabFiles, withTest);

  const model = buildHookModel(input, parsed, conventions, paths.testImport);
  for (const name of [input.name, ...(input.kind === 'debounce' ? [] : [model.resultType])]) {
    const clash = await collidingExport(ctx, name, [paths.hook]);
    if (clash)
      throw new AgentdError('invalid_input', `name: ${clash} already exports ${name}; choose another name`, {
        details: [{ path: '/name', message: `${name} exported by ${clash}` }],
      });
  }

  const data = model as unknown as Record<string, unknown>;
  const notes: string[] = [];
  const render = templateRenderer(ctx, 'hook', data, notes);
  const files: GeneratedFile[] = [{ path: paths.hook, content: await render(`${input.kind}.ts.eta`) }];
  if (paths.test) files.push({ path: paths.test, content: await render(`${input.kind}.test.ts.eta`) });
  const staged = await stageFiles(ctx, files, input.onExisting ?? 'refuse');
  const testNote = paths.test
    ? `a ${conventions.runner} renderHook test (${paths.test})`
    : `no test (${input.test === false ? 'test: false' : conventions.runnerMissing})`;
  return {
    summary: `Generated the ${input.kind} hook ${input.name} in ${paths.hook} (${model.exportStyle} export) with ${testNote}: ${describeStaged(staged)}. Formatted with the project's Prettier settings; not type-checked, linted or run by this step (verify the project or run its tests).${notes.length ? ` Note: ${notes.join('; ')}.` : ''}`,
    data: {
      files: staged,
      hook: paths.hook,
      test: paths.test,
      kind: input.kind,
      exportStyle: model.exportStyle,
      runner: withTest ? conventions.runner : null,
      checks: { formatted: true, typeChecked: false, linted: false, testsRun: false },
      notes,
    },
  };
}
