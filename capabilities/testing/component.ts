/**
 * testing.component: Testing Library tests for one React function component, derived from its source
 * with the TypeScript compiler API (no language model): required props get values from their types
 * (callbacks are mocks), and one test per behaviour read from the JSX — a text it shows, a callback
 * prop called when its button is clicked or its field changes, and for each prop a rendering condition
 * depends on (`{loading && …}`, ternaries, early returns) the text shown in one state and absent in the
 * other. The file is written beside the component in the project's runner (vitest or jest with
 * @testing-library/react and a DOM environment; refused otherwise, nothing installed), run three times
 * in the project's runner in the sandbox; a test that fails in any run is dropped and the rest run three
 * times again; the file is staged only when every test left passes three runs. Needs the project-code
 * permission (the tests run the component); without it nothing is generated (notRun).
 */
import path from 'node:path';
import { AgentdError, type CapabilityContext, type CapabilityMeta, type JSONSchema, type StepResult } from '../../core/index.js';
import { runRepeatedly } from './run/repeat-runs.js';
import { PLANNING } from './component/planning.js';
import { readSetup, testPathOf } from './component/project.js';
import { parseSource, readComponent, relativeImports } from './component/read-component.js';
import { baseState, deriveTests, renderTestFile, type ComponentTest } from './component/render-tests.js';

const RUNS = 3;
const SOURCE = /\.(tsx|jsx|ts|js)$/;
const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$|(^|\/)__tests__\//;

interface ComponentInput {
  component?: string;
  export?: string;
  include?: string[];
  symbol?: string;
  timeoutMs?: number;
}

export const meta: CapabilityMeta = {
  id: 'testing.component',
  group: 'testing',
  title: 'Component tests',
  description:
    "Writes Testing Library tests for a React component in the project's vitest or jest (jsdom): renders it with its required props, asserts the text it shows, the callback props its buttons and fields call, and each conditional state; kept only when the tests pass three runs of the project's runner.",
  version: '1.0.0',
  inputSchema: {
    type: 'object',
    properties: {
      component: { type: 'string', minLength: 1, maxLength: 500, description: 'The component file (src/components/Card.tsx).' },
      export: {
        type: 'string',
        minLength: 1,
        maxLength: 200,
        description: 'Which exported component of the file ("default" for the default export).',
      },
      include: {
        type: 'array',
        items: { type: 'string', minLength: 1 },
        minItems: 1,
        maxItems: 1,
        description: 'The component file, as a plan scope names it.',
      },
      symbol: {
        type: 'string',
        minLength: 1,
        maxLength: 200,
        description: "The component's name, when no file is given: the file exporting it is found.",
      },
      timeoutMs: { type: 'integer', minimum: 1000, maximum: 3_600_000 },
    },
    additionalProperties: false,
  } satisfies JSONSchema,
  writes: true,
  projectCode: {
    runs: "the generated component tests, in the project's runner (three times)",
    without: 'generates nothing; the generation is reported as not run',
  },
  planning: PLANNING,
};

/** The component file the input names, or null when it names none. */
async function componentFile(input: ComponentInput, ctx: CapabilityContext): Promise<{ file: string; field: string } | null> {
  const named = input.component ?? input.include?.[0];
  if (named !== undefined) {
    const field = input.component !== undefined ? 'component' : 'include';
    const file = named.replace(/^\.\//, '');
    if (!(await ctx.workspace.exists(file))) throw new AgentdError('invalid_input', `${field}: ${named} does not exist in the workspace.`);
    if (!SOURCE.test(file)) throw new AgentdError('invalid_input', `${field}: ${named} is not a .tsx, .jsx, .ts or .js module.`);
    return { file, field };
  }
  const name = input.export ?? input.symbol;
  if (name === undefined) return null;
  const files = (await ctx.workspace.list({ extensions: ['.tsx', '.jsx'], exclude: ['node_modules/**', 'dist/**', 'build/**'] })).filter(
    (f) => !TEST_FILE.test(f),
  );
  const pattern = new RegExp(
    `export\\s+(?:default\\s+)?(?:function|const)\\s+${name.replace(/[^\w$]/g, '')}\\b|export\\s+default\\s+${name.replace(/[^\w$]/g, '')}\\b`,
  );
  const declaring = (await ctx.workspace.readMany(files)).files.filter((f) => pattern.test(f.content)).map((f) => f.path);
  const field = input.export !== undefined ? 'export' : 'symbol';
  if (declaring.length === 0) throw new AgentdError('invalid_input', `${field}: no .tsx or .jsx module exports a component named ${name}.`);
  if (declaring.length > 1)
    throw new AgentdError('invalid_input', `${field}: ${declaring.join(', ')} all export ${name}; name the file with "component".`);
  return { file: declaring[0]!, field };
}

/** The relative modules the component imports (its props' types may be declared there), parsed; one level, at most 10. */
async function importedModules(ctx: CapabilityContext, file: string, specifiers: string[]): Promise<ReturnType<typeof parseSource>[]> {
  const found: string[] = [];
  for (const spec of specifiers.slice(0, 10)) {
    const base = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec)).replace(/\.js$/, '');
    for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}.d.ts`])
      if (await ctx.workspace.exists(candidate)) {
        found.push(candidate);
        break;
      }
  }
  return (await ctx.workspace.readMany(found)).files.map((f) => parseSource(f.path, f.content));
}

export async function run(given: ComponentInput, ctx: CapabilityContext): Promise<StepResult> {
  const input = given ?? {};
  const located = await componentFile(input, ctx);
  if (located === null)
    // A plan's "test the component" step for a component another step has not written yet names none.
    return {
      summary: 'No tests were generated: name the component file (component) or the component (symbol) to write tests for.',
      data: { generated: false },
      notRun: [{ part: 'generation', reason: 'no component named (component, symbol)' }],
    };
  const { file, field } = located;
  const setup = await readSetup(ctx);
  if ('missing' in setup)
    throw new AgentdError(
      'no_test_runner',
      `testing.component writes React Testing Library tests run in vitest or jest with a DOM environment, and ${setup.missing}. Nothing was installed or staged: add it to the project first.`,
    );
  const source = parseSource(file, await ctx.workspace.read(file));
  const stem = path.posix.basename(file).replace(/\.[^.]+$/, '');
  const wanted = input.export ?? (input.component === undefined && input.include === undefined ? input.symbol : undefined);
  const component = readComponent(source, wanted, stem, await importedModules(ctx, file, relativeImports(source)));
  if (component === null)
    throw new AgentdError(
      'invalid_input',
      `${field}: ${file} exports no React function component (an exported PascalCase function returning JSX); there is nothing to render.`,
    );
  if ('error' in component)
    throw new AgentdError('invalid_input', `${input.export !== undefined ? 'export' : field}: ${file}: ${component.error}.`);
  const missing: string[] = [];
  const base = baseState(component.props, missing);
  if (missing.length > 0)
    throw new AgentdError(
      'generation_refused',
      `${component.name} needs props agentd cannot give a value from their type alone (${missing.join('; ')}); nothing was staged. Props of string, number, boolean, literal-union, function, array and ReactNode types are filled.`,
    );
  let tests = deriveTests(component, base);
  if (tests.length === 0)
    throw new AgentdError(
      'generation_refused',
      `No behaviour of ${component.name} could be read for an assertion (no text it shows for certain, no handler calling a callback prop, no condition on a prop); a test asserting nothing is not written. Nothing was staged.`,
    );
  const { testPath, importPath } = testPathOf(file, setup);
  if (await ctx.workspace.exists(testPath)) {
    // In the build workflow, generation.component staged the component with its own test earlier in the job: that test stands.
    if (ctx.workspace.changes().some((c) => c.path === testPath && c.action === 'create'))
      return {
        summary: `No tests were added for ${component.name}: ${testPath} was written by an earlier step of this job (with the component) and is left as it is; run the tests to check it.`,
        data: { component: component.name, file, testFile: testPath, generated: false, existing: 'earlier-step' },
      };
    throw new AgentdError('generation_refused', `${testPath} already exists; nothing was staged (its tests are the project's own).`);
  }
  const drafted = tests.length;
  if (!ctx.permissions.projectCode)
    return {
      summary: `No tests were generated: testing.component keeps only tests that pass three runs of the project's ${setup.runner}, which runs ${component.name} (the project's code); allow project code for this workspace to generate ${testPath} (${drafted} test(s) drafted).`,
      data: { component: component.name, file, testFile: testPath, drafted, generated: false, projectCode: false },
      notRun: [{ part: 'generation', reason: 'project code not allowed (the generated tests run the component)' }],
    };

  const render = async (kept: ComponentTest[]): Promise<string> =>
    ctx.tools.format(
      testPath,
      renderTestFile({
        runner: setup.runner,
        globals: setup.globals,
        environmentDocblock: setup.environmentDocblock,
        importPath,
        component,
        base,
        tests: kept,
      }),
    );
  const dropped: string[] = [];
  let runs: { passed: number; failed: number }[] = [];
  await ctx.workspace.write(testPath, await render(tests));
  for (let round = 0; round < 3; round += 1) {
    const repeated = await runRepeatedly(ctx, testPath, {
      times: RUNS,
      timeoutMs: input.timeoutMs ?? 300_000,
      beforeRun: (i) => ctx.progress(20 + round * 25 + i * 8, `running ${testPath} (${i + 1}/${RUNS})`),
      whenNotRun: 'nothing was staged',
    }).catch(async (error: unknown) => {
      await ctx.workspace.delete(testPath);
      throw error;
    });
    runs = repeated.runs;
    const failing = repeated.failing;
    if (failing.size === 0) break;
    dropped.push(...tests.filter((t) => failing.has(t.title)).map((t) => t.title));
    tests = tests.filter((t) => !failing.has(t.title));
    if (tests.length === 0 || round === 2) {
      await ctx.workspace.delete(testPath);
      throw new AgentdError(
        'test_run_failed',
        `None of the ${drafted} drafted tests of ${component.name} passed three runs of ${setup.runner} (dropped: ${dropped.join('; ')}); nothing was staged.`,
      );
    }
    await ctx.workspace.write(testPath, await render(tests));
  }
  return {
    summary: `Wrote ${tests.length} Testing Library test(s) for ${component.name} in ${testPath} (${setup.runner}); every one passed ${RUNS} runs of the project's runner.${dropped.length > 0 ? ` Dropped ${dropped.length} drafted test(s) that failed a run: ${dropped.join('; ')}.` : ''}`,
    data: {
      component: component.name,
      file,
      testFile: testPath,
      runner: setup.runner,
      tests: tests.map((t) => t.title),
      dropped,
      runs,
    },
  };
}
