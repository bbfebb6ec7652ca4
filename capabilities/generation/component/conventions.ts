/**
 * How a React project writes its components and their tests, read from the project itself (shared with
 * generation.hook): where components and hooks live, named or default exports, PascalCase or kebab-case
 * file names, `interface` or `type` props, whether props types are exported, test file suffix and
 * folder, the runner (vitest/jest), vitest globals, the DOM environment, relative import extensions.
 */
import { TEST_RUNNER_CONFIG_FILES, type CapabilityContext } from '../../../core/index.js';
import { baseName, dirName, mostCommon } from '../kit/index.js';

export type ExportStyle = 'named' | 'default' | 'both';
export type TestRunnerKind = 'vitest' | 'jest';

export interface ReactConventions {
  /** Folder holding most existing components (or the default one). */
  componentDir: string;
  /** Folder holding most existing hooks (or the default one). */
  hookDir: string;
  exportStyle: ExportStyle;
  hookExportStyle: ExportStyle;
  fileCase: 'pascal' | 'kebab';
  propsDeclaration: 'interface' | 'type';
  exportPropsType: boolean;
  /** null: the project has no vitest/jest with @testing-library/react, so no test is written. */
  runner: TestRunnerKind | null;
  /** Why `runner` is null. */
  runnerMissing?: string;
  testSuffix: '.test' | '.spec';
  /** Tests in a `__tests__` folder next to the module instead of beside it. */
  testsFolder: boolean;
  /** Test files use the runner's globals (describe/it/expect) without importing them. */
  globals: boolean;
  /** The DOM environment is not configured for every test: the generated test names it in a docblock. */
  environmentDocblock: 'jsdom' | 'happy-dom' | null;
  /** Relative imports end with '.js' (node16/nodenext resolution). */
  importExtension: '' | '.js';
  /** Every dependency name of package.json. */
  deps: Set<string>;
  /** What most existing components style with, or null when none says. */
  componentStyling: 'tailwind' | 'css-modules' | 'styled-components' | 'plain-css' | null;
}

const SOURCE = /\.(tsx|jsx|ts|js)$/;
const TEST = /\.(test|spec)\.[cm]?[jt]sx?$/;
const PASCAL_FILE = /^[A-Z][A-Za-z0-9]*\.(tsx|jsx)$/;
const KEBAB_FILE = /^[a-z][a-z0-9]*(-[a-z0-9]+)+\.(tsx|jsx)$/;
const HOOK_FILE = /^use[A-Z][A-Za-z0-9]*\.(ts|tsx|js)$|^use(-[a-z0-9]+)+\.(ts|js)$/;
const ENTRY = /^(main|index|App|app|root|entry-client|entry-server)\.(tsx|jsx)$/;
const RETURNS_JSX = /return\s*\(?\s*<|=>\s*\(?\s*</;

function exportStyleOf(texts: string[], fallback: ExportStyle): ExportStyle {
  const styles = texts.map((t): ExportStyle | null => {
    const named = /^export\s+(?:function|const)\s+(?:use)?[A-Z]\w*|^export\s+function\s+use\w+/m.test(t);
    const dflt = /^export\s+default\b/m.test(t);
    return named && dflt ? 'both' : dflt ? 'default' : named ? 'named' : null;
  });
  return (mostCommon(styles.filter((s): s is ExportStyle => s !== null)) as ExportStyle | null) ?? fallback;
}

async function readConfigText(ctx: CapabilityContext, names: string[]): Promise<string> {
  let text = '';
  for (const name of names) if (await ctx.workspace.exists(name)) text += `${await ctx.workspace.read(name)}\n`;
  return text;
}

/** Reads the project's component, hook and test conventions (one list and one batched read). */
export async function readConventions(ctx: CapabilityContext): Promise<ReactConventions> {
  const files = (await ctx.workspace.list({ exclude: ['dist/**', 'build/**', 'coverage/**', '.agentd/**'] })).filter(
    (f) => SOURCE.test(f) || f === 'package.json' || f.startsWith('tsconfig'),
  );
  const componentFiles = files.filter(
    (f) =>
      !TEST.test(f) &&
      !ENTRY.test(baseName(f)) &&
      (PASCAL_FILE.test(baseName(f)) || KEBAB_FILE.test(baseName(f))) &&
      !/\.stories\./.test(f),
  );
  const hookFiles = files.filter((f) => !TEST.test(f) && HOOK_FILE.test(baseName(f)));
  const testFiles = files.filter((f) => TEST.test(f));
  const { files: read } = await ctx.workspace.readMany(
    [...componentFiles.slice(0, 40), ...hookFiles.slice(0, 20), ...testFiles.slice(0, 20), 'package.json'].filter(
      (f, i, all) => all.indexOf(f) === i,
    ),
  );
  const text = new Map(read.map((f) => [f.path, f.content]));
  const components = componentFiles.filter((f) => RETURNS_JSX.test(text.get(f) ?? ''));

  let pkg: {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
    jest?: unknown;
  } = {};
  try {
    pkg = JSON.parse(text.get('package.json') ?? '{}') as typeof pkg;
  } catch {
    pkg = {};
  }
  const deps = new Set([
    ...Object.keys(pkg.dependencies ?? {}),
    ...Object.keys(pkg.devDependencies ?? {}),
    ...Object.keys(pkg.peerDependencies ?? {}),
  ]);

  const hasFolder = (prefix: string): boolean => files.some((f) => f.startsWith(prefix));
  const defaultRoot = hasFolder('src/') ? 'src' : hasFolder('app/') ? 'app' : '.';
  const componentDir = mostCommon(components.map(dirName)) ?? (defaultRoot === '.' ? 'components' : `${defaultRoot}/components`);
  const hookDir = mostCommon(hookFiles.map(dirName)) ?? (defaultRoot === '.' ? 'hooks' : `${defaultRoot}/hooks`);
  const componentTexts = components.map((f) => text.get(f) ?? '');

  const tsconfig = await readConfigText(ctx, ['tsconfig.json']);
  const runnerConfig = await readConfigText(ctx, [...TEST_RUNNER_CONFIG_FILES]);
  const testTexts = testFiles.map((f) => text.get(f) ?? '').filter((t) => t !== '');

  const detected = ctx.project.testRunner;
  let runner: TestRunnerKind | null = detected === 'vitest' || detected === 'jest' ? detected : null;
  let runnerMissing: string | undefined;
  if (runner === null)
    runnerMissing = `the project's test runner is ${detected === 'none' ? 'not detected' : detected}; component tests are written for vitest or jest`;
  else if (!deps.has('@testing-library/react')) {
    runnerMissing = '@testing-library/react is not a dependency of the project';
    runner = null;
  }
  const globalsConfigured = runner === 'jest' || /globals\s*:\s*true/.test(runnerConfig);
  const importsRunner = testTexts.some((t) => /from\s+['"](vitest|@jest\/globals)['"]/.test(t));
  const globals = globalsConfigured && (testTexts.length === 0 || !importsRunner);
  const envConfigured =
    runner === 'jest'
      ? /testEnvironment['"]?\s*:\s*['"](jsdom|jest-environment-jsdom)/.test(runnerConfig + JSON.stringify(pkg.jest ?? {}))
      : /environment\s*:\s*['"](jsdom|happy-dom)['"]/.test(runnerConfig);
  const environmentDocblock = envConfigured ? null : deps.has('happy-dom') && !deps.has('jsdom') ? 'happy-dom' : 'jsdom';

  return {
    componentDir,
    hookDir,
    exportStyle: exportStyleOf(componentTexts, 'named'),
    hookExportStyle: exportStyleOf(
      hookFiles.map((f) => text.get(f) ?? ''),
      'named',
    ),
    fileCase: components.filter((f) => KEBAB_FILE.test(baseName(f))).length > components.length / 2 ? 'kebab' : 'pascal',
    propsDeclaration:
      componentTexts.filter((t) => /\btype\s+\w+Props\s*=/.test(t)).length >
      componentTexts.filter((t) => /\binterface\s+\w+Props\b/.test(t)).length
        ? 'type'
        : 'interface',
    exportPropsType:
      componentTexts.length === 0 ||
      componentTexts.filter((t) => /export\s+(interface|type)\s+\w+Props\b/.test(t)).length * 2 >= componentTexts.length,
    runner,
    ...(runnerMissing ? { runnerMissing } : {}),
    testSuffix: testFiles.filter((f) => /\.spec\./.test(f)).length > testFiles.length / 2 ? '.spec' : '.test',
    testsFolder: testFiles.filter((f) => f.includes('/__tests__/')).length > testFiles.length / 2,
    globals,
    environmentDocblock,
    importExtension:
      /"moduleResolution"\s*:\s*"node(16|next)"/i.test(tsconfig) ||
      (/"module"\s*:\s*"node(16|next)"/i.test(tsconfig) && !/"moduleResolution"/.test(tsconfig))
        ? '.js'
        : '',
    deps,
    componentStyling: mostCommon(
      componentTexts.map(stylingOf).filter((x): x is string => x !== null),
    ) as ReactConventions['componentStyling'],
  };
}

const TAILWIND_CLASS =
  /className=\{?["'`][^"'`]*\b(flex|grid|p[xy]?-\d|m[xy]?-\d|text-(xs|sm|lg|xl|\w+-\d{3})|bg-\w+|rounded(-\w+)?|gap-\d)\b/;

/** The styling one component file uses. */
function stylingOf(text: string): string | null {
  if (/from\s+['"][^'"]+\.module\.(css|scss|sass|less)['"]/.test(text)) return 'css-modules';
  if (/from\s+['"]styled-components['"]/.test(text)) return 'styled-components';
  if (TAILWIND_CLASS.test(text)) return 'tailwind';
  if (/import\s+['"][^'"]+\.(css|scss|sass|less)['"]/.test(text)) return 'plain-css';
  return null;
}

/** Path of the test file of `modulePath` ("src/components/Card.tsx" -> "src/components/Card.test.tsx"). */
export function testPathFor(modulePath: string, conventions: ReactConventions, extension: string): string {
  const dir = dirName(modulePath);
  const stem = baseName(modulePath).replace(/\.[^.]+$/, '');
  const folder = conventions.testsFolder ? `${dir}/__tests__` : dir;
  return `${folder === '.' ? '' : `${folder}/`}${stem}${conventions.testSuffix}${extension}`;
}

/** The import specifier of `target` from `from` (both workspace paths), without the source extension. */
export function relativeImport(from: string, target: string, conventions: ReactConventions): string {
  const fromParts = dirName(from)
    .split('/')
    .filter((p) => p !== '.');
  const toParts = target.replace(/\.[^.]+$/, '').split('/');
  let common = 0;
  while (common < fromParts.length && common < toParts.length - 1 && fromParts[common] === toParts[common]) common++;
  const up = fromParts.length - common;
  const rest = toParts.slice(common).join('/');
  return `${up === 0 ? './' : '../'.repeat(up)}${rest}${conventions.importExtension}`;
}
