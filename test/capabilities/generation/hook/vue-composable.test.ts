/**
 * generation.hook on the Vue 3 + TypeScript fixture: every kind written as a Vue composable into one
 * copy, then the project's real checks on the output — tsc --noEmit (the fixture's strict tsconfig),
 * Prettier --check (its semicolon-free settings) and the generated tests in the fixture's vitest; plus
 * the refusals (names, collisions, React types, a JavaScript Vue project) and the folder the project's
 * own composables are in.
 */
import { rm, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { run as hook } from '../../../../capabilities/generation/hook.js';
import type { HookInput } from '../../../../capabilities/generation/hook/input.js';
import { HOOKS } from './hook-specs.js';
import { copyFixture, generate, repo, runIn, type Copy, type Ran } from '../component/react-fixture.js';
import { refusal } from '../refusal.js';
import { writeCheckJsConfig } from '../check-js.js';

const VUE = 'vue-vite-vitest-ts';

const bin = (name: string): string => path.join(repo, 'node_modules', '.bin', name);
const tsc = (root: string): Promise<Ran> =>
  runIn(root, process.execPath, [path.join(repo, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json', '--noEmit']);

describe('generation.hook for Vue (composables)', function () {
  this.timeout(180_000);
  const copies: Copy[] = [];
  const copy = async (): Promise<Copy> => {
    const c = await copyFixture(VUE);
    copies.push(c);
    return c;
  };
  after(() => Promise.all(copies.map((c) => c.remove())));

  it('writes all six kinds as typed composables in src/composables; tsc, Prettier and ESLint (typescript-eslint type-checked) clean and their 14 vitest tests pass', async () => {
    const { root } = await copy();
    const files = new Map<string, string>();
    const results = [];
    for (const input of HOOKS) {
      const generated = await generate(hook, root, input);
      results.push(generated.result);
      for (const [p, c] of generated.files) files.set(p, c);
    }
    expect([...files.keys()].sort()).to.deep.equal(
      HOOKS.flatMap((h) => [`src/composables/${h.name}.test.ts`, `src/composables/${h.name}.ts`]).sort(),
    );
    expect(results[0]!.data).to.deep.include({ framework: 'vue', typescript: true, kind: 'toggle', runner: 'vitest' });
    expect(results[0]!.summary).to.match(/^Generated the toggle Vue composable useDisclosure in src\/composables\/useDisclosure\.ts/);
    const search = files.get('src/composables/useSearchTerm.ts')!;
    expect(search).to.include(
      'export function useSearchTerm<T>(\n  source: MaybeRefOrGetter<T>,\n  delayMs: MaybeRefOrGetter<number> = 250,\n): ComputedRef<T> {',
    );
    expect(search).to.include('onScopeDispose(() => clearTimeout(timer))');
    expect(files.get('src/composables/useTheme.ts')).to.include(
      "export function useTheme(key = 'theme', initial: 'light' | 'dark' = INITIAL): UseThemeResult {",
    );
    expect(files.get('src/composables/useUsers.ts')).to.include('data: Readonly<Ref<{ id: number; name: string }[] | undefined>>');
    expect(files.get('src/composables/useUsers.test.ts')).to.include("import { afterEach, describe, expect, it, vi } from 'vitest'\n");
    for (const [file, content] of files) expect(content, file).not.to.match(/;\n/);

    const typeCheck = await tsc(root);
    expect(typeCheck.code, typeCheck.output).to.equal(0);
    const prettier = await runIn(root, bin('prettier'), ['--check', ...files.keys()]);
    expect(prettier.code, prettier.output).to.equal(0);
    // The fixture has no ESLint config: lint with typescript-eslint's recommended type-checked rules, as a Vue + TS project commonly does.
    await writeFile(
      path.join(root, 'eslint.config.js'),
      "import js from '@eslint/js'\nimport tseslint from 'typescript-eslint'\n\nexport default tseslint.config(js.configs.recommended, tseslint.configs.recommendedTypeChecked, {\n  languageOptions: { parserOptions: { projectService: true } },\n})\n",
    );
    const eslint = await runIn(root, bin('eslint'), ['--max-warnings', '0', ...files.keys()]);
    expect(eslint.code, eslint.output).to.equal(0);
    const ran = await runIn(root, bin('vitest'), ['run', 'src/composables']);
    expect(ran.code, ran.output.slice(0, 4000)).to.equal(0);
    expect(ran.output).to.match(/Test Files\s+6 passed \(6\)/);
    expect(ran.output, ran.output.slice(-1500)).to.match(/Tests\s+14 passed \(14\)/);
  });

  it("follows the project's composables: their folder and kebab-case file names, and names they already export", async () => {
    const { root } = await copy();
    await mkdir(path.join(root, 'src/features/shared'), { recursive: true });
    await writeFile(
      path.join(root, 'src/features/shared/use-online.ts'),
      "import { ref } from 'vue'\n\nexport function useOnline() {\n  return ref(true)\n}\n",
    );
    const { files } = await generate(hook, root, { name: 'useSidebarOpen' });
    expect([...files.keys()].sort()).to.deep.equal([
      'src/features/shared/use-sidebar-open.test.ts',
      'src/features/shared/use-sidebar-open.ts',
    ]);
    expect(files.get('src/features/shared/use-sidebar-open.test.ts')).to.include("import { useSidebarOpen } from './use-sidebar-open'\n");
    expect(await refusal(generate(hook, root, { name: 'useOnline', kind: 'toggle', directory: 'src/composables' }))).to.deep.equal({
      code: 'invalid_input',
      message: 'name: src/features/shared/use-online.ts already exports useOnline; choose another name',
    });
    const typeCheck = await tsc(root);
    expect(typeCheck.code, typeCheck.output).to.equal(0);
  });

  it('Vue + JavaScript: JSDoc-typed composables (.js) and tests; tsc --checkJs (strict) on modules and tests, Prettier clean, their 14 vitest tests pass', async () => {
    const { root } = await copy();
    for (const f of ['src/components/StatusPill.vue', 'src/components/StatusPill.test.ts', 'src/App.vue']) await rm(path.join(root, f));
    await writeFile(path.join(root, 'src/components/Hello.vue'), '<script setup>\ndefineProps({ msg: String })\n</script>\n');
    const files = new Map<string, string>();
    for (const input of HOOKS) for (const [p, c] of (await generate(hook, root, input)).files) files.set(p, c);
    expect([...files.keys()].sort()).to.deep.equal(
      HOOKS.flatMap((h) => [`src/composables/${h.name}.js`, `src/composables/${h.name}.test.js`]).sort(),
    );
    const search = files.get('src/composables/useSearchTerm.js')!;
    expect(search).to.include(" * @returns {import('vue').ComputedRef<T>}\n");
    expect(search).to.include('export function useSearchTerm(source, delayMs = 250) {\n');
    await writeCheckJsConfig(root, 'jsconfig.check.json', ['src/composables/*.js'], []);
    const checkJs = await runIn(root, process.execPath, [path.join(repo, 'node_modules/typescript/bin/tsc'), '-p', 'jsconfig.check.json']);
    expect(checkJs.code, checkJs.output).to.equal(0);
    const prettier = await runIn(root, bin('prettier'), ['--check', ...files.keys()]);
    expect(prettier.code, prettier.output).to.equal(0);
    const ran = await runIn(root, bin('vitest'), ['run', 'src/composables']);
    expect(ran.code, ran.output.slice(0, 4000)).to.equal(0);
    expect(ran.output).to.match(/Tests\s+14 passed \(14\)/);
  });

  it('refuses what it cannot write: names against the hook rule, React types, a kind the name does not say, a React hook in a Vue project, and never overwrites', async () => {
    const { root } = await copy();
    const go = (input: HookInput) => refusal(generate(hook, root, input));
    expect(await go({ name: 'toggle', kind: 'toggle' })).to.deep.equal({
      code: 'invalid_input',
      message: 'name: a Vue composable\'s name starts with "use" followed by a capital letter (as hooks are named), e.g. "useToggle"',
    });
    expect(await go({ name: 'useNode', kind: 'state', type: 'ReactNode', initial: null })).to.deep.include({ code: 'invalid_input' });
    expect((await go({ name: 'useProfile' })).message).to.match(/^kind: which kind of hook is useProfile\?/);
    expect(await go({ name: 'useOpen', kind: 'toggle', framework: 'react' } as HookInput)).to.deep.equal({
      code: 'generation_refused',
      message:
        'the task asks for a React hook, but this is a Vue project: leave the framework out (or say vue) to get a Vue composable. Nothing was staged.',
    });
    await writeFile(path.join(root, 'src/composables-placeholder.ts'), 'export const x = 1\n');
    await generate(hook, root, { name: 'useFlag', kind: 'toggle' });
    const again = await go({ name: 'useFlag', kind: 'toggle', initial: true });
    expect(again.code).to.equal('generation_refused');
    expect(again.message).to.match(
      /^src\/composables\/useFlag\.ts, src\/composables\/useFlag\.test\.ts already exist with other content; nothing was staged/,
    );
  });
});
