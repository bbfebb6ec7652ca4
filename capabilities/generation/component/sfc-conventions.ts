/**
 * How a Vue or Svelte project writes its components, read from the project: where its `.vue` /
 * `.svelte` files live and their file casing, whether they use TypeScript (`lang="ts"`), how they are
 * styled (Tailwind classes, `<style module>`, `<style scoped>`, a plain `<style>`), the Svelte major
 * version (installed, else declared), whether Prettier can format `.svelte` files (prettier-plugin-svelte),
 * and the Testing Library package the component test needs. Test conventions (suffix, folder, globals,
 * DOM environment) are the ones readConventions reads for every project.
 */
import type { CapabilityContext } from '../../../core/index.js';
import type { ReactConventions } from './conventions.js';
import { baseName, dirName, mostCommon } from '../kit/index.js';

export type SfcFramework = 'vue' | 'svelte';
export type SfcStyling = 'tailwind' | 'css-modules' | 'scoped' | 'plain-css' | 'none';

export interface SfcConventions {
  framework: SfcFramework;
  componentDir: string;
  fileCase: 'pascal' | 'kebab';
  typescript: boolean;
  /** What most existing components style with, or null when none says. */
  componentStyling: SfcStyling | null;
  /** Svelte: 4 or 5 (the installed version, else the declared range, else 5, npm's current major); Vue: null. */
  svelteMajor: 4 | 5 | null;
  /** Where the Svelte major was read from. */
  svelteVersionFrom: string | null;
  /** Svelte: prettier-plugin-svelte is a dependency and the project's Prettier config names it. */
  prettierSvelte: boolean;
  /** null: no component test can be written (see runnerMissing). */
  runner: 'vitest' | null;
  runnerMissing?: string;
  /** The Testing Library package of the framework. */
  testingLibrary: string;
}

const TESTING_LIBRARY: Record<SfcFramework, string> = { vue: '@testing-library/vue', svelte: '@testing-library/svelte' };
const DEFAULT_DIR: Record<SfcFramework, string> = { vue: 'src/components', svelte: 'src/lib' };
const ENTRY = /^(App|app|Root|Layout|\+.*)\.(vue|svelte)$/;
const PASCAL = /^[A-Z][A-Za-z0-9]*\.(vue|svelte)$/;
const KEBAB = /^[a-z][a-z0-9]*(-[a-z0-9]+)+\.(vue|svelte)$/;
const TAILWIND_CLASS =
  /\bclass=["'][^"']*\b(flex|grid|p[xy]?-\d|m[xy]?-\d|text-(xs|sm|lg|xl|\w+-\d{3})|bg-\w+-\d{2,3}|rounded(-\w+)?|gap-\d)\b/;

/** The styling one component file uses. */
function stylingOf(text: string, framework: SfcFramework): SfcStyling | null {
  if (TAILWIND_CLASS.test(text)) return 'tailwind';
  if (/<style\b[^>]*\bmodule\b/.test(text)) return framework === 'vue' ? 'css-modules' : 'scoped';
  if (/<style\b[^>]*\bscoped\b/.test(text)) return 'scoped';
  if (/<style\b/.test(text)) return framework === 'vue' ? 'plain-css' : 'scoped';
  return null;
}

/** The major version of a version or range ("^4.2.0" -> 4), or null. */
function majorOf(version: string | undefined): number | null {
  const match = /(\d+)(?:\.\d+)?/.exec(version ?? '');
  return match ? Number(match[1]) : null;
}

async function svelteVersion(ctx: CapabilityContext, declared: string | undefined): Promise<{ major: 4 | 5; from: string }> {
  try {
    const installed = JSON.parse(await ctx.workspace.read('node_modules/svelte/package.json')) as { version?: string };
    const major = majorOf(installed.version);
    if (major === 4 || major === 5) return { major, from: `installed svelte ${installed.version}` };
  } catch {
    // not installed (or not readable in this workspace): the declared range says
  }
  const major = majorOf(declared);
  if (major !== null && major <= 4) return { major: 4, from: `package.json svelte ${declared}` };
  if (major === 5) return { major: 5, from: `package.json svelte ${declared}` };
  return { major: 5, from: 'no svelte version found: Svelte 5, the current major on npm' };
}

export async function readSfcConventions(ctx: CapabilityContext, framework: SfcFramework, base: ReactConventions): Promise<SfcConventions> {
  const extension = framework === 'vue' ? '.vue' : '.svelte';
  const files = (
    await ctx.workspace.list({ extensions: [extension], exclude: ['dist/**', 'build/**', 'coverage/**', '.agentd/**', 'node_modules/**'] })
  ).filter((f) => !f.split('/').includes('node_modules'));
  const components = files.filter((f) => !ENTRY.test(baseName(f)) && (PASCAL.test(baseName(f)) || KEBAB.test(baseName(f))));
  const { files: read } = await ctx.workspace.readMany(files.slice(0, 40));
  const texts = read.map((f) => f.content);
  const componentTexts = read.filter((f) => components.includes(f.path)).map((f) => f.content);

  const withScript = texts.filter((t) => /<script\b/.test(t));
  const typescript =
    withScript.length > 0
      ? withScript.filter((t) => /<script\b[^>]*\blang=["']ts["']/.test(t)).length * 2 >= withScript.length
      : ctx.project.language === 'typescript';

  let pkg: { dependencies?: Record<string, string>; devDependencies?: Record<string, string> } = {};
  try {
    pkg = JSON.parse(await ctx.workspace.read('package.json')) as typeof pkg;
  } catch {
    pkg = {};
  }
  const declared = { ...pkg.devDependencies, ...pkg.dependencies };
  const svelte = framework === 'svelte' ? await svelteVersion(ctx, declared['svelte']) : null;

  let prettierSvelte = false;
  if (framework === 'svelte' && base.deps.has('prettier-plugin-svelte')) {
    const config = ctx.project.codeStyle.prettier;
    const text = config ? await ctx.workspace.read(config.configFile).catch(() => '') : '';
    prettierSvelte = /prettier-plugin-svelte/.test(text);
  }

  const testingLibrary = TESTING_LIBRARY[framework];
  let runner: 'vitest' | null = null;
  let runnerMissing: string | undefined;
  if (ctx.project.testRunner === 'jest')
    runnerMissing = `the project's test runner is jest; ${framework === 'vue' ? 'Vue' : 'Svelte'} component tests are written for vitest (jest needs a transform for ${extension} files)`;
  else if (ctx.project.testRunner !== 'vitest')
    runnerMissing = `the project's test runner is ${ctx.project.testRunner === 'none' ? 'not detected' : ctx.project.testRunner}; component tests are written for vitest`;
  else if (!base.deps.has(testingLibrary)) runnerMissing = `${testingLibrary} is not a dependency of the project`;
  else runner = 'vitest';

  return {
    framework,
    componentDir: mostCommon(components.map(dirName)) ?? DEFAULT_DIR[framework],
    fileCase: components.filter((f) => KEBAB.test(baseName(f))).length > components.length / 2 ? 'kebab' : 'pascal',
    typescript,
    componentStyling: mostCommon(componentTexts.map((t) => stylingOf(t, framework)).filter((s): s is SfcStyling => s !== null)),
    svelteMajor: svelte?.major ?? null,
    svelteVersionFrom: svelte?.from ?? null,
    prettierSvelte,
    runner,
    ...(runnerMissing ? { runnerMissing } : {}),
    testingLibrary,
  };
}
