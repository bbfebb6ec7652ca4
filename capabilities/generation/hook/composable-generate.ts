/**
 * generation.hook for Vue and Svelte projects: the same six kinds as the React hooks, written in the
 * framework's own idiom — a Vue composable (TypeScript, or JSDoc-typed JavaScript; `ref`/`shallowRef`, `watch`, `computed`,
 * `onScopeDispose`, refs or getters as input via `MaybeRefOrGetter`) or a Svelte 5 runes module
 * (`useX.svelte.ts` / `.svelte.js` with `$state`, `$effect`, getters on the returned object; JSDoc
 * types in a JavaScript project), or in a Svelte 4 project a custom store (`writable`/`derived` from
 * svelte/store, read as `$store`) — with a vitest test that runs the composable in an effect scope
 * (Vue), the runes module in an effect root (Svelte 5) or subscribes to the store (Svelte 4).
 * Templates: hook/templates/vue/, hook/templates/svelte/, hook/templates/svelte-stores/.
 */
import type { CapabilityContext, StepResult } from '../../../core/index.js';
import { AgentdError } from '../../../core/index.js';
import { collidingExport, describeStaged, kebabCase, templateRenderer, stageFiles, type GeneratedFile } from '../kit/index.js';
import { relativeImport, testPathFor, type ReactConventions } from '../component/conventions.js';
import type { SfcFramework } from '../component/sfc-conventions.js';
import { checkHookInput, type HookInput, type HookKind } from './input.js';
import { buildHookModel } from './model.js';
import { readComposableConventions } from './composable-conventions.js';

/** The React descriptions that speak of mounting and components, said the way a composable or runes module works. */
const DESCRIPTIONS: Partial<Record<HookKind, string>> = {
  localStorage: "A value kept in the browser's localStorage under a key (JSON), read once when it is created.",
  fetch: 'JSON fetched from a URL: data, error and loading; the request is aborted when the URL changes or the owner is disposed.',
};

const TITLE: Record<SfcFramework, string> = { vue: 'Vue composable', svelte: 'Svelte runes module or store' };

function invalid(field: string, message: string): AgentdError {
  return new AgentdError('invalid_input', `${field}: ${message}`, { details: [{ path: `/${field}`, message }] });
}

const join = (dir: string, file: string): string => (dir === '.' || dir === '' ? file : `${dir.replace(/\/+$/, '')}/${file}`);

export async function runComposable(
  input: HookInput & { kind: HookKind },
  ctx: CapabilityContext,
  framework: SfcFramework,
  base: ReactConventions,
): Promise<StepResult> {
  const conventions = await readComposableConventions(ctx, framework, base);
  const parsed = checkHookInput(input, framework === 'vue' ? 'Vue composable' : 'Svelte module');
  if (parsed && parsed.reactTypes.length > 0)
    throw invalid('type', `${parsed.reactTypes.join(', ')} is React's; a ${TITLE[framework]} has no React types`);
  if (input.test === true && conventions.runner === null) throw invalid('test', `cannot write a test: ${conventions.runnerMissing}`);
  const withTest = input.test !== false && conventions.runner !== null;
  const directory = (input.directory ?? conventions.directory).replace(/\/+$/, '') || '.';
  const sourceExt = conventions.typescript ? '.ts' : '.js';
  const stores = framework === 'svelte' && conventions.svelteMajor === 4;
  const moduleExt = framework === 'svelte' && !stores ? `.svelte${sourceExt}` : sourceExt;
  const modulePath = join(directory, `${conventions.kebabFiles ? kebabCase(input.name) : input.name}${moduleExt}`);
  const test = withTest ? testPathFor(modulePath, base, sourceExt) : null;
  // Svelte: the test imports the module as `./useX.svelte.js` (Vite and TypeScript map it to .svelte.ts).
  const testImport = test
    ? framework === 'svelte' && !stores
      ? `${relativeImport(test, modulePath, { ...base, importExtension: '' })}.js`
      : relativeImport(test, modulePath, base)
    : null;

  const description = input.description ?? DESCRIPTIONS[input.kind];
  const model = buildHookModel(
    { ...input, ...(description ? { description } : {}) },
    parsed,
    { ...base, runner: conventions.runner },
    testImport,
  );
  for (const name of [input.name, ...(input.kind === 'debounce' ? [] : [model.resultType])]) {
    const clash = await collidingExport(ctx, name, [modulePath]);
    if (clash) throw invalid('name', `${clash} already exports ${name}; choose another name`);
  }
  if (model.test && !conventions.typescript && model.test.sample)
    model.test.sample = model.test.sample.replace(/^undefined as unknown as .*$/s, 'undefined');

  const data = { ...model, framework, typescript: conventions.typescript } as unknown as Record<string, unknown>;
  const notes: string[] = [];
  const render = templateRenderer(ctx, 'hook', data, notes);
  const folder = framework === 'vue' ? `vue/${input.kind}` : stores ? `svelte-stores/${input.kind}` : `svelte/${input.kind}.svelte`;
  const files: GeneratedFile[] = [{ path: modulePath, content: await render(`${folder}.ts.eta`) }];
  if (test) files.push({ path: test, content: await render(`${folder}.test.ts.eta`) });
  const staged = await stageFiles(ctx, files, input.onExisting ?? 'refuse');
  const language = conventions.typescript ? 'TypeScript' : 'JavaScript with JSDoc types';
  const idiom =
    framework === 'vue'
      ? 'Vue composable'
      : stores
        ? `Svelte 4 store (${conventions.svelteVersionFrom}: no runes; ${language})`
        : `Svelte 5 runes module (${conventions.svelteVersionFrom}; ${language})`;
  const testNote = test
    ? `a vitest test (${test})${(input.kind === 'debounce' || input.kind === 'fetch') && !stores ? ` that runs it in ${framework === 'vue' ? 'an effect scope' : 'an effect root'}` : ''}`
    : `no test (${input.test === false ? 'test: false' : conventions.runnerMissing})`;
  return {
    summary: `Generated the ${input.kind} ${idiom} ${input.name} in ${modulePath} (${model.exportStyle} export) with ${testNote}: ${describeStaged(staged)}. Formatted with the project's Prettier settings; not type-checked, linted or run by this step (verify the project or run its tests).${notes.length ? ` Note: ${notes.join('; ')}.` : ''}`,
    data: {
      files: staged,
      hook: modulePath,
      test,
      kind: input.kind,
      framework,
      typescript: conventions.typescript,
      svelteMajor: conventions.svelteMajor,
      exportStyle: model.exportStyle,
      runner: withTest ? conventions.runner : null,
      checks: { formatted: true, typeChecked: false, linted: false, testsRun: false },
      notes,
    },
  };
}
