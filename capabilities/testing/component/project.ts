/**
 * What the project gives component tests, read from its files: the runner (vitest or jest, with
 * @testing-library/react), the DOM environment (configured for every test, or named per file in a
 * docblock when jsdom/happy-dom is only installed), whether tests use the runner's globals, and where
 * its tests live (beside the module, or in a `__tests__` folder; `.test` or `.spec`). What is missing
 * is named, for the refusal.
 */
import { TEST_RUNNER_CONFIG_FILES, type CapabilityContext } from '../../../core/index.js';

export interface ComponentTestSetup {
  runner: 'vitest' | 'jest';
  globals: boolean;
  environmentDocblock: 'jsdom' | 'happy-dom' | null;
  testSuffix: '.test' | '.spec';
  testsFolder: boolean;
  /** Relative imports end with '.js' (tsconfig module resolution node16/nodenext). */
  importExtension: '' | '.js';
  deps: Set<string>;
}

const TEST = /\.(test|spec)\.[cm]?[jt]sx?$/;

/** The setup, or the sentence saying what the project lacks. */
export async function readSetup(ctx: CapabilityContext): Promise<ComponentTestSetup | { missing: string }> {
  let pkg: { dependencies?: Record<string, string>; devDependencies?: Record<string, string>; jest?: unknown } = {};
  if (await ctx.workspace.exists('package.json')) {
    try {
      pkg = JSON.parse(await ctx.workspace.read('package.json')) as typeof pkg;
    } catch {
      pkg = {};
    }
  }
  const deps = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})]);
  if (!deps.has('react')) return { missing: 'react is not a dependency of the project (component tests are written for React components)' };
  const detected = ctx.project.testRunner;
  if (detected !== 'vitest' && detected !== 'jest')
    return {
      missing: `the project's test runner is ${detected === 'none' ? 'not detected' : detected}; component tests are written for vitest or jest`,
    };
  if (!deps.has('@testing-library/react')) return { missing: '@testing-library/react is not a dependency of the project' };
  let config = '';
  for (const name of TEST_RUNNER_CONFIG_FILES) if (await ctx.workspace.exists(name)) config += `${await ctx.workspace.read(name)}\n`;
  const jestConfig = config + JSON.stringify(pkg.jest ?? {});
  const configured =
    detected === 'jest'
      ? /testEnvironment['"]?\s*:\s*['"](jsdom|jest-environment-jsdom|happy-dom)/.test(jestConfig)
      : /environment\s*:\s*['"](jsdom|happy-dom)['"]/.test(config);
  const installed =
    detected === 'jest'
      ? deps.has('jest-environment-jsdom')
        ? 'jsdom'
        : null
      : deps.has('jsdom')
        ? 'jsdom'
        : deps.has('happy-dom')
          ? 'happy-dom'
          : null;
  if (!configured && !installed)
    return {
      missing:
        detected === 'jest'
          ? 'no DOM environment: jest-environment-jsdom is not a dependency and no testEnvironment is configured'
          : 'no DOM environment: neither jsdom nor happy-dom is a dependency and no test environment is configured',
    };
  const tests = (await ctx.workspace.list({ exclude: ['node_modules/**', 'dist/**', 'build/**', 'coverage/**'] })).filter((f) =>
    TEST.test(f),
  );
  const texts = (await ctx.workspace.readMany(tests.slice(0, 20))).files.map((f) => f.content);
  const globalsConfigured = detected === 'jest' || /globals\s*:\s*true/.test(config);
  const importsRunner = texts.some((t) => /from\s+['"](vitest|@jest\/globals)['"]/.test(t));
  const tsconfig = (await ctx.workspace.exists('tsconfig.json')) ? await ctx.workspace.read('tsconfig.json') : '';
  const nodeResolution =
    /"moduleResolution"\s*:\s*"node(16|next)"/i.test(tsconfig) ||
    (/"module"\s*:\s*"node(16|next)"/i.test(tsconfig) && !/"moduleResolution"/.test(tsconfig));
  return {
    runner: detected,
    importExtension: nodeResolution ? '.js' : '',
    globals: globalsConfigured && (texts.length === 0 || !importsRunner),
    environmentDocblock: configured ? null : installed,
    testSuffix: tests.filter((f) => /\.spec\./.test(f)).length > tests.length / 2 ? '.spec' : '.test',
    testsFolder: tests.filter((f) => f.includes('/__tests__/')).length > tests.length / 2,
    deps,
  };
}

/** "src/components/Card.tsx" -> "src/components/Card.test.tsx" (or `__tests__/Card.test.tsx`), and the import from it. */
export function testPathOf(modulePath: string, setup: ComponentTestSetup): { testPath: string; importPath: string } {
  const slash = modulePath.lastIndexOf('/');
  const dir = slash < 0 ? '' : modulePath.slice(0, slash + 1);
  const stem = modulePath.slice(slash + 1).replace(/\.[^.]+$/, '');
  const ext = /\.[jt]s$/.test(modulePath) ? (modulePath.endsWith('.ts') ? '.tsx' : '.jsx') : modulePath.slice(modulePath.lastIndexOf('.'));
  return setup.testsFolder
    ? { testPath: `${dir}__tests__/${stem}${setup.testSuffix}${ext}`, importPath: `../${stem}${setup.importExtension}` }
    : { testPath: `${dir}${stem}${setup.testSuffix}${ext}`, importPath: `./${stem}${setup.importExtension}` };
}
