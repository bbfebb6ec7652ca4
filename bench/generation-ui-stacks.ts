/**
 * The stacks of bench/generation-ui.ts: a fixture of fixtures/generation/, optionally turned into a
 * variant of itself in its temp copy (a JavaScript Vue project, a Svelte 4 project), with what the
 * checks need there: a tsconfig for `tsc --checkJs` on JSDoc-typed JavaScript (the JavaScript fixtures
 * have none; reported as the tsc column), and extra vitest arguments (Svelte 4 stores run on Svelte
 * 4's own svelte/store through a vitest alias, as Svelte 5 is what is installed here).
 */
import { rm, writeFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeCheckJsConfig } from '../test/capabilities/generation/check-js.js';

export interface Stack {
  /** Row label. */
  label: string;
  fixture: string;
  /** Turns the copy into the variant before anything is generated. */
  prepare?: (root: string) => Promise<void>;
  /** Generate without the linked node_modules, so the declared Svelte range decides the major. */
  unlinked?: boolean;
  /** A tsconfig written into the copy and passed to tsc -p (checkJs on JavaScript output). */
  typeCheck?: { file: string; include: string[] };
  vitestArgs?: string[];
}

/** Writes the check-only tsconfig of a JavaScript stack. */
export async function writeTypeCheckConfig(root: string, typeCheck: NonNullable<Stack['typeCheck']>, types: string[]): Promise<void> {
  await writeCheckJsConfig(root, typeCheck.file, typeCheck.include, types);
}

async function vueJavaScript(root: string): Promise<void> {
  for (const f of ['src/components/StatusPill.vue', 'src/components/StatusPill.test.ts', 'src/App.vue']) await rm(path.join(root, f));
  await writeFile(path.join(root, 'src/components/Hello.vue'), '<script setup>\ndefineProps({ msg: String })\n</script>\n');
}

async function svelte4(root: string): Promise<void> {
  const file = path.join(root, 'package.json');
  const pkg = JSON.parse(await readFile(file, 'utf8')) as { devDependencies: Record<string, string> };
  pkg.devDependencies['svelte'] = '^4.2.0';
  await writeFile(file, `${JSON.stringify(pkg, null, '\t')}\n`);
  await writeFile(
    path.join(root, 'vitest.stores.config.js'),
    "import { defineConfig } from 'vitest/config'\n\nexport default defineConfig({\n\tresolve: { alias: { 'svelte/store': 'svelte4/store' } },\n\ttest: { environment: 'jsdom' }\n})\n",
  );
}

/** Stacks only generation.hook runs on here: Vue composables, Svelte 5 runes modules, Svelte 4 stores. */
export const HOOK_ONLY_STACKS: Stack[] = [
  { label: 'vue-vite-vitest-ts', fixture: 'vue-vite-vitest-ts' },
  {
    label: 'vue (JavaScript variant)',
    fixture: 'vue-vite-vitest-ts',
    prepare: vueJavaScript,
    typeCheck: { file: 'jsconfig.check.json', include: ['src/composables/*.js'] },
  },
  {
    label: 'svelte-vite-vitest',
    fixture: 'svelte-vite-vitest',
    typeCheck: { file: 'jsconfig.check.json', include: ['src/lib/*.svelte.js'] },
  },
  {
    label: 'svelte 4 (declared variant)',
    fixture: 'svelte-vite-vitest',
    prepare: svelte4,
    unlinked: true,
    typeCheck: { file: 'jsconfig.check.json', include: ['src/lib/stores/*.js'] },
    vitestArgs: ['--config', 'vitest.stores.config.js'],
  },
];
