/**
 * generation.component for Vue and Svelte projects: a Vue single-file component (`<script setup>`,
 * typed `defineProps`/`defineEmits` in TypeScript projects, runtime declarations in JavaScript ones) or
 * a Svelte component (Svelte 5 runes or Svelte 4 `export let`, as the project's Svelte major), with a
 * vitest + Testing Library test. Vue files and tests are formatted with the project's Prettier; a
 * `.svelte` file only when the project has prettier-plugin-svelte in its Prettier config (and the job
 * may run project code, since a plugin is code), otherwise it is staged as the template writes it, in
 * the project's indentation, and the result says so.
 */
import type { CapabilityContext, StepResult } from '../../../core/index.js';
import { AgentdError } from '../../../core/index.js';
import { describeStaged, kebabCase, templateRenderer, stageFiles, type GeneratedFile } from '../kit/index.js';
import { relativeImport, testPathFor, type ReactConventions } from './conventions.js';
import { checkComponentInput, type ComponentInput } from './input.js';
import { checkLabels } from './project-checks.js';
import { readSfcConventions, type SfcConventions, type SfcFramework, type SfcStyling } from './sfc-conventions.js';
import { buildSfcModel } from './sfc-model.js';

const TITLE: Record<SfcFramework, string> = { vue: 'Vue', svelte: 'Svelte' };
/** Names the generated code itself declares, or the framework reserves, per framework. */
const RESERVED: Record<SfcFramework, string[]> = {
  vue: ['emit', 'props', 'key', 'ref', 'is', 'slot', 'class', 'style'],
  svelte: ['children', 'props', 'class', 'style'],
};

function invalid(path: string, message: string): AgentdError {
  return new AgentdError('invalid_input', `${path.replace(/^\//, '').replace(/\//g, '.')}: ${message}`, { details: [{ path, message }] });
}

function chooseSfcStyling(input: ComponentInput, conventions: SfcConventions, detected: string[]): SfcStyling {
  const { framework } = conventions;
  const given = input.styling;
  if (given === 'styled-components')
    throw invalid(
      '/styling',
      `styled-components is for React; a ${TITLE[framework]} component is styled in its <style> block or with Tailwind classes`,
    );
  if (framework === 'svelte' && (given === 'css-modules' || given === 'plain-css'))
    throw invalid('/styling', `a Svelte component's <style> block is scoped by Svelte: use "scoped", "tailwind" or "none"`);
  if (given) return given;
  if (conventions.componentStyling) return conventions.componentStyling;
  return detected.includes('tailwind') ? 'tailwind' : 'scoped';
}

/** Input checks particular to single-file components. */
function checkSfcInput(input: ComponentInput, framework: SfcFramework): void {
  if (input.exportStyle !== undefined && input.exportStyle !== 'default')
    throw invalid('/exportStyle', `a ${TITLE[framework]} component is its file's default export; drop exportStyle`);
  const reserved = RESERVED[framework];
  (input.props ?? []).forEach((p, i) => {
    if (reserved.includes(p.name) || p.name.startsWith('$'))
      throw invalid(`/props/${i}/name`, `"${p.name}" is reserved in a generated ${TITLE[framework]} component; choose another name`);
  });
  (input.state ?? []).forEach((s, i) => {
    if (reserved.includes(s.name) || s.name.startsWith('$'))
      throw invalid(`/state/${i}/name`, `"${s.name}" is reserved in a generated ${TITLE[framework]} component; choose another name`);
  });
}

const join = (dir: string, file: string): string => (dir === '.' || dir === '' ? file : `${dir.replace(/\/+$/, '')}/${file}`);

/** Tab indentation of an unformatted file turned into the project's spaces, when it indents with spaces. */
function indentLike(text: string, ctx: CapabilityContext): string {
  const indent = ctx.project.codeStyle.indent;
  if (indent.style === 'tab') return text;
  return text.replace(/^\t+/gm, (tabs) => ' '.repeat(tabs.length * indent.size));
}

export async function runSfc(
  input: ComponentInput,
  ctx: CapabilityContext,
  framework: SfcFramework,
  base: ReactConventions,
): Promise<StepResult> {
  const conventions = await readSfcConventions(ctx, framework, base);
  const props = checkComponentInput(input);
  checkSfcInput(input, framework);
  props.forEach((p, i) => {
    if (p.parsed.reactTypes.length > 0)
      throw invalid(
        `/props/${i}/type`,
        `${p.parsed.reactTypes.join(', ')} is React's; a ${TITLE[framework]} component takes content through ${framework === 'vue' ? 'its slot' : 'children'} (children: true)`,
      );
  });
  checkLabels(input);
  const styling = chooseSfcStyling(input, conventions, ctx.project.styling);
  if (input.test === true && conventions.runner === null)
    throw new AgentdError('invalid_input', `test: cannot write a component test: ${conventions.runnerMissing}`, {
      details: [{ path: '/test', message: conventions.runnerMissing ?? 'no runner' }],
    });
  const withTest = input.test !== false && conventions.runner !== null;
  const directory = (input.directory ?? conventions.componentDir).replace(/\/+$/, '') || '.';
  const extension = framework === 'vue' ? '.vue' : '.svelte';
  const stem = conventions.fileCase === 'kebab' ? kebabCase(input.name) : input.name;
  const component = join(directory, `${stem}${extension}`);
  const test = withTest ? testPathFor(component, base, conventions.typescript ? '.ts' : '.js') : null;
  const testImport = test ? `${relativeImport(test, component, { ...base, importExtension: '' })}${extension}` : null;

  const sameName = (await ctx.workspace.list({ extensions: [extension], exclude: ['node_modules/**', 'dist/**', '.agentd/**'] })).find(
    (f) => f !== component && f.slice(f.lastIndexOf('/') + 1) === `${stem}${extension}`,
  );
  if (sameName)
    throw invalid(
      '/name',
      `${sameName} is already a component named ${input.name}; choose another name (components are registered and imported by file name)`,
    );

  const model = buildSfcModel(input, props, conventions, base, styling, testImport, ctx.project.codeStyle.quotes === 'double' ? '"' : "'");
  // semi and q: the project's semicolons and quotes, for a .svelte file Prettier cannot format
  const data = {
    ...model,
    semi: ctx.project.codeStyle.semicolons ? ';' : '',
    q: ctx.project.codeStyle.quotes === 'double' ? '"' : "'",
  } as unknown as Record<string, unknown>;
  const notes: string[] = [];
  const render = templateRenderer(ctx, 'component', data, notes);

  const files: GeneratedFile[] = [];
  let formatted = true;
  if (framework === 'vue') files.push({ path: component, content: await render('component.vue.eta') });
  else {
    const text = await render('component.svelte.eta');
    if (conventions.prettierSvelte && ctx.permissions.projectCode)
      files.push({ path: component, content: await ctx.tools.format(component, text), verbatim: true });
    else {
      formatted = false;
      files.push({ path: component, content: indentLike(text, ctx), verbatim: true });
      notes.push(
        conventions.prettierSvelte
          ? `${component} is not formatted by Prettier: the project's Prettier config loads prettier-plugin-svelte, a plugin (the project's code), and this job may not run project code; it is written as the template writes it, in the project's indentation`
          : `${component} is not formatted by Prettier: Prettier formats .svelte files only with prettier-plugin-svelte, which the project does not use; it is written as the template writes it, in the project's indentation`,
      );
    }
  }
  if (test) files.push({ path: test, content: await render(framework === 'vue' ? 'component.vue.test.eta' : 'component.svelte.test.eta') });
  if (framework === 'svelte') notes.push(`Svelte ${conventions.svelteMajor} syntax (${conventions.svelteVersionFrom})`);
  if (styling === 'tailwind' && !ctx.project.styling.includes('tailwind'))
    notes.push('Tailwind is not set up in the project: the utility classes have no effect until it is');

  const staged = await stageFiles(ctx, files, input.onExisting ?? 'refuse');
  const testNote = test
    ? `a vitest + ${conventions.testingLibrary} test (${test})`
    : `no test (${input.test === false ? 'test: false' : conventions.runnerMissing})`;
  const language = conventions.typescript ? 'TypeScript' : 'JavaScript';
  const what =
    framework === 'vue'
      ? `Vue single-file component (<script setup${conventions.typescript ? ' lang="ts"' : ''}>)`
      : `Svelte ${conventions.svelteMajor} component (${language})`;
  return {
    summary: `Generated the ${input.name} ${what} in ${component} (${styling} styling) with ${testNote}: ${describeStaged(staged)}. ${formatted ? "Formatted with the project's Prettier settings" : "The test is formatted with the project's Prettier settings, the component is not (see the note)"}; not compiled, type-checked or run by this step (verify the project or run its tests).${notes.length ? ` Note: ${notes.join('; ')}.` : ''}`,
    data: {
      files: staged,
      framework,
      ...(framework === 'svelte' ? { svelteMajor: conventions.svelteMajor } : {}),
      typescript: conventions.typescript,
      component,
      test,
      styling,
      exportStyle: 'default',
      runner: withTest ? conventions.runner : null,
      checks: { formatted, compiled: false, typeChecked: false, linted: false, testsRun: false },
      notes,
    },
  };
}
