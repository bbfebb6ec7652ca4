/**
 * How a Vue or Svelte project keeps its composables (Vue) or runes modules / stores (Svelte), read from
 * the project: the folder of its existing `use*` modules and their file casing, TypeScript or not, the
 * Svelte major (which picks runes modules for Svelte 5 or stores for Svelte 4), and whether a vitest test can be written. Composables and
 * runes modules are tested without a DOM library (an effect scope, an effect root), so vitest is enough.
 */
import type { CapabilityContext } from '../../../core/index.js';
import type { ReactConventions } from '../component/conventions.js';
import { readSfcConventions, type SfcFramework } from '../component/sfc-conventions.js';
import { baseName, dirName, mostCommon } from '../kit/index.js';

export interface ComposableConventions {
  framework: SfcFramework;
  typescript: boolean;
  svelteMajor: 4 | 5 | null;
  svelteVersionFrom: string | null;
  /** Folder of the project's use* modules, else the framework's usual one. */
  directory: string;
  kebabFiles: boolean;
  runner: 'vitest' | null;
  runnerMissing?: string;
}

const USE_MODULE = /^use([A-Z][A-Za-z0-9]*|(-[a-z0-9]+)+)(\.svelte)?\.[jt]s$/;
const TEST = /\.(test|spec)\.[jt]s$/;

/** Vue's src/composables; Svelte 5's $lib (src/lib, as the Svelte docs place runes modules); Svelte 4's stores in src/lib/stores. */
function defaultDirectory(framework: SfcFramework, svelteMajor: 4 | 5 | null, hasSrc: boolean): string {
  const folder = framework === 'vue' ? 'composables' : svelteMajor === 4 ? 'lib/stores' : 'lib';
  return hasSrc ? `src/${folder}` : folder;
}

export async function readComposableConventions(
  ctx: CapabilityContext,
  framework: SfcFramework,
  base: ReactConventions,
): Promise<ComposableConventions> {
  const sfc = await readSfcConventions(ctx, framework, base);
  const files = (
    await ctx.workspace.list({
      extensions: ['.ts', '.js'],
      exclude: ['dist/**', 'build/**', 'coverage/**', '.agentd/**', 'node_modules/**'],
    })
  ).filter((f) => !f.split('/').includes('node_modules'));
  const modules = files.filter((f) => !TEST.test(f) && USE_MODULE.test(baseName(f)));
  const hasSrc = files.some((f) => f.startsWith('src/'));
  let runner: 'vitest' | null = null;
  let runnerMissing: string | undefined;
  if (ctx.project.testRunner === 'vitest') runner = 'vitest';
  else
    runnerMissing = `the project's test runner is ${ctx.project.testRunner === 'none' ? 'not detected' : ctx.project.testRunner}; ${framework === 'vue' ? 'composable' : 'runes module'} tests are written for vitest`;
  return {
    framework,
    typescript: sfc.typescript,
    svelteMajor: sfc.svelteMajor,
    svelteVersionFrom: sfc.svelteVersionFrom,
    directory: mostCommon(modules.map(dirName)) ?? defaultDirectory(framework, sfc.svelteMajor, hasSrc),
    kebabFiles: modules.length > 0 && modules.every((f) => /^use(-[a-z0-9]+)+\./.test(baseName(f))),
    runner,
    ...(runnerMissing ? { runnerMissing } : {}),
  };
}
