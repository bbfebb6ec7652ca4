/**
 * generation.component: a React function component in TSX that fits the project — its typed props
 * (interface or type, exported or not, as the project's components), optional state with controls and
 * callback props, styled as the project's components are (Tailwind classes, a CSS module, a plain
 * stylesheet, styled-components), in the folder and file casing they use, with named/default exports
 * as they have them — and a Testing Library test in the project's runner (vitest or jest) that renders
 * it and drives its behaviour. Templates: component/templates/*.eta (overridable per project under
 * .agentd/templates/component/). Staged, formatted with the project's Prettier settings; never
 * overwrites (kit). In a Vue or Svelte project it writes a Vue single-file component or a Svelte
 * component instead, with a vitest + Testing Library test (component/sfc-generate.ts).
 */
import type { CapabilityContext, CapabilityMeta, StepResult } from '../../core/index.js';
import { PLANNING } from './component/planning.js';
import { AgentdError } from '../../core/index.js';
import { collidingExport, describeStaged, templateRenderer, stageFiles, type GeneratedFile } from './kit/index.js';
import { readConventions } from './component/conventions.js';
import { checkComponentInput, componentInputSchema, type ComponentInput, type ComponentStyling } from './component/input.js';
import { buildModel } from './component/model.js';
import { componentPaths } from './component/paths.js';
import { assertReactProject, checkLabels, stylingNotes } from './component/project-checks.js';
import { foldComponentTask, type TaskFields } from './component/task-input.js';
import { runSfc } from './component/sfc-generate.js';
import { sfcFramework } from './component/sfc-framework.js';

export const meta: CapabilityMeta = {
  id: 'generation.component',
  group: 'generation',
  title: 'UI component (React, Vue, Svelte)',
  description:
    "A React function component in TSX, a Vue single-file component or a Svelte component (by the project's framework) with typed props, state, handlers or emits and the project's styling (Tailwind, CSS modules, scoped styles, plain CSS, styled-components), placed as the project's components are, with a Testing Library test in the project's runner.",
  version: '1.0.0',
  inputSchema: componentInputSchema as unknown as CapabilityMeta['inputSchema'],
  writes: true,
  planning: PLANNING,
};

/** The detected styling the component uses: the project's components' own, else the project's. */
function chooseStyling(input: ComponentInput, fromComponents: ComponentStyling | null, detected: string[]): ComponentStyling {
  if (input.styling) return input.styling;
  if (fromComponents) return fromComponents;
  for (const s of ['tailwind', 'css-modules', 'styled-components', 'plain-css'] as const) if (detected.includes(s)) return s;
  return 'none';
}

export async function run(given: ComponentInput & TaskFields, ctx: CapabilityContext): Promise<StepResult> {
  const conventions = await readConventions(ctx);
  const input = foldComponentTask(given, conventions.runner ?? (ctx.project.testRunner === 'none' ? null : ctx.project.testRunner));
  const sfc = sfcFramework(given.framework, ctx, 'component');
  if (sfc) return runSfc(input, ctx, sfc, conventions);
  assertReactProject(ctx, 'component');
  if (input.styling === 'scoped')
    throw new AgentdError(
      'invalid_input',
      'styling: scoped styles are for Vue and Svelte components; a React component uses css-modules, plain-css, tailwind or styled-components',
      {
        details: [{ path: '/styling', message: 'scoped is Vue/Svelte only' }],
      },
    );
  const props = checkComponentInput(input);
  checkLabels(input);
  const styling = chooseStyling(input, conventions.componentStyling, ctx.project.styling);
  if (input.test === true && conventions.runner === null)
    throw new AgentdError('invalid_input', `test: cannot write a component test: ${conventions.runnerMissing}`, {
      details: [{ path: '/test', message: conventions.runnerMissing ?? 'no runner' }],
    });
  const withTest = input.test !== false && conventions.runner !== null;
  const directory = (input.directory ?? conventions.componentDir).replace(/\/+$/, '') || '.';
  const paths = componentPaths(input.name, directory, styling, conventions, withTest);

  const exceptIn = [paths.component];
  const clash = await collidingExport(ctx, input.name, exceptIn);
  if (clash)
    throw new AgentdError('invalid_input', `name: ${clash} already exports ${input.name}; choose another name`, {
      details: [{ path: '/name', message: `exported by ${clash}` }],
    });
  if (conventions.exportPropsType && ((input.props?.length ?? 0) > 0 || (input.handlers?.length ?? 0) > 0 || input.children)) {
    const propsClash = await collidingExport(ctx, `${input.name}Props`, exceptIn);
    if (propsClash)
      throw new AgentdError('invalid_input', `name: ${propsClash} already exports ${input.name}Props; choose another name`, {
        details: [{ path: '/name', message: `${input.name}Props exported by ${propsClash}` }],
      });
  }

  const model = buildModel(input, props, conventions, styling, {
    component: paths.component,
    stylesheet: paths.stylesheet,
    testImport: paths.testImport,
  });
  const data = model as unknown as Record<string, unknown>;
  const notes: string[] = [];
  const render = templateRenderer(ctx, 'component', data, notes);
  const files: GeneratedFile[] = [{ path: paths.component, content: await render('component.tsx.eta') }];
  if (paths.stylesheetPath && model.rules.length > 0) files.push({ path: paths.stylesheetPath, content: await render('styles.css.eta') });
  if (paths.test) files.push({ path: paths.test, content: await render('component.test.tsx.eta') });
  notes.push(...(await stylingNotes(ctx, styling, conventions)));

  const staged = await stageFiles(ctx, files, input.onExisting ?? 'refuse');
  const testNote = paths.test
    ? `a ${conventions.runner} + Testing Library test (${paths.test})`
    : `no test (${input.test === false ? 'test: false' : conventions.runnerMissing})`;
  return {
    summary: `Generated the ${input.name} component in ${paths.component} (${styling} styling, ${model.exportStyle} export) with ${testNote}: ${describeStaged(staged)}. Formatted with the project's Prettier settings; not type-checked, linted or run by this step (verify the project or run its tests).${notes.length ? ` Note: ${notes.join('; ')}.` : ''}`,
    data: {
      files: staged,
      component: paths.component,
      test: paths.test,
      styling,
      exportStyle: model.exportStyle,
      runner: withTest ? conventions.runner : null,
      checks: { formatted: true, typeChecked: false, linted: false, testsRun: false },
      notes,
    },
  };
}
