/**
 * generation.component on a Vue 3 project (TypeScript, and the same project turned JavaScript) and a
 * Svelte project (Svelte 5 in JavaScript and TypeScript, and Svelte 4 by its declared version), with
 * the output checked by the frameworks' own compilers (@vue/compiler-sfc, svelte/compiler and Svelte
 * 4's), Prettier --check where Prettier formats the file, tsc --noEmit on the TypeScript Vue project,
 * and the generated Testing Library test run by the fixture's vitest (not for Svelte 4: the Svelte
 * installed here is 5 and its Vite plugin needs Svelte 5).
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { run as component } from '../../../../capabilities/generation/component.js';
import type { ComponentInput } from '../../../../capabilities/generation/component/input.js';
import { copyFixture, generate, repo, runIn, type Copy, type Ran } from './react-fixture.js';
import { svelte4Problems, svelte5Problems, vueProblems } from './sfc-checks.js';
import { refusal } from '../refusal.js';

const VUE = 'vue-vite-vitest-ts';
const SVELTE = 'svelte-vite-vitest';

const card: ComponentInput = {
  name: 'UserCard',
  description: 'A user with their status and a note to send.',
  props: [
    { name: 'title', type: 'string', description: "The user's display name." },
    { name: 'subtitle', type: 'string', default: 'No role yet' },
    { name: 'unread', type: 'number' },
    { name: 'active', type: 'boolean', optional: true },
    { name: 'tags', type: '{ id: number; label: string }[]' },
  ],
  state: [
    { name: 'expanded', type: 'boolean' },
    { name: 'likes', type: 'number', initial: 3 },
    { name: 'note', type: 'string' },
  ],
  handlers: [
    { name: 'onSend', payload: 'note', label: 'Send note' },
    { name: 'onRemove', optional: true },
    { name: 'onOpen', payload: 'tags' },
  ],
  children: true,
};

const bin = (name: string): string => path.join(repo, 'node_modules', '.bin', name);
const vitest = (root: string, file: string): Promise<Ran> => runIn(root, bin('vitest'), ['run', file]);
const prettierCheck = (root: string, files: string[]): Promise<Ran> => runIn(root, bin('prettier'), ['--check', ...files]);

describe('generation.component for Vue and Svelte', function () {
  this.timeout(180_000);
  const copies: Copy[] = [];
  const copy = async (name: string): Promise<Copy> => {
    const c = await copyFixture(name);
    copies.push(c);
    return c;
  };
  after(() => Promise.all(copies.map((c) => c.remove())));

  it('Vue + TypeScript: a <script setup lang="ts"> SFC (typed props, defaults, emits, state, slot, scoped styles) that compiles, is Prettier-clean, type-checks, and whose test passes', async () => {
    const { root } = await copy(VUE);
    const { result, files } = await generate(component, root, card);
    expect([...files.keys()].sort()).to.deep.equal(['src/components/UserCard.test.ts', 'src/components/UserCard.vue']);
    const sfc = files.get('src/components/UserCard.vue')!;
    expect(sfc).to.include('<script setup lang="ts">');
    expect(sfc).to.include("withDefaults(defineProps<Props>(), {\n  subtitle: 'No role yet',\n})");
    expect(sfc).to.include("  /** The user's display name. */\n  title: string\n");
    expect(sfc).to.include(
      'const emit = defineEmits<{\n  send: [value: string]\n  remove: []\n  open: [value: { id: number; label: string }[]]\n}>()',
    );
    expect(sfc).to.include('const likes = ref(3)');
    expect(sfc).to.include(`:data-active="active ? '' : undefined"`);
    expect(sfc).to.include('<slot />');
    expect(sfc).to.include('<style scoped>\n.user-card {');
    expect(sfc.slice(0, sfc.indexOf('<style'))).not.to.include(';\n');
    const test = files.get('src/components/UserCard.test.ts')!;
    expect(test).to.include("import { cleanup, fireEvent, render, screen } from '@testing-library/vue'");
    expect(test).to.include("expect(emitted()['send']).toEqual([['']])");
    expect(result.data).to.deep.include({
      framework: 'vue',
      typescript: true,
      styling: 'scoped',
      exportStyle: 'default',
      runner: 'vitest',
    });
    expect((result.data as { checks: unknown }).checks).to.deep.equal({
      formatted: true,
      compiled: false,
      typeChecked: false,
      linted: false,
      testsRun: false,
    });
    expect(result.summary).to.match(/not compiled, type-checked or run by this step/);

    expect(vueProblems(sfc, 'UserCard.vue')).to.deep.equal([]);
    const prettier = await prettierCheck(root, [...files.keys()]);
    expect(prettier.code, prettier.output).to.equal(0);
    const tsc = await runIn(root, process.execPath, [
      path.join(repo, 'node_modules/typescript/bin/tsc'),
      '-p',
      'tsconfig.json',
      '--noEmit',
    ]);
    expect(tsc.code, tsc.output).to.equal(0);
    const ran = await vitest(root, 'src/components/UserCard.test.ts');
    expect(ran.code, ran.output.slice(0, 4000)).to.equal(0);
    expect(ran.output).to.match(/Tests\s+10 passed \(10\)/);
  });

  it('Vue + JavaScript: runtime-declared props and emits, a <style module> on request; compiles, Prettier-clean, its test passes', async () => {
    const { root } = await copy(VUE);
    for (const f of ['src/components/StatusPill.vue', 'src/components/StatusPill.test.ts', 'src/App.vue']) await rm(path.join(root, f));
    await writeFile(
      path.join(root, 'src/components/HelloWorld.vue'),
      '<script setup>\ndefineProps({ msg: String })\n</script>\n\n<template>\n  <p>{{ msg }}</p>\n</template>\n',
    );
    const { result, files } = await generate(component, root, { ...card, name: 'ProfileCard', styling: 'css-modules' });
    expect([...files.keys()].sort()).to.deep.equal(['src/components/ProfileCard.test.js', 'src/components/ProfileCard.vue']);
    const sfc = files.get('src/components/ProfileCard.vue')!;
    expect(sfc).to.include('<script setup>\n');
    expect(sfc).to.include("  subtitle: { type: String, default: 'No role yet' },");
    expect(sfc).to.include('  tags: { type: Array, required: true },');
    expect(sfc).to.include("const emit = defineEmits(['send', 'remove', 'open'])");
    expect(sfc).to.include(':class="$style.root"');
    expect(sfc).to.include('<style module>\n.root {');
    expect(files.get('src/components/ProfileCard.test.js')).to.include("screen.getByLabelText('Note')");
    expect(result.data).to.deep.include({ framework: 'vue', typescript: false, styling: 'css-modules' });

    expect(vueProblems(sfc, 'ProfileCard.vue')).to.deep.equal([]);
    const prettier = await prettierCheck(root, [...files.keys()]);
    expect(prettier.code, prettier.output).to.equal(0);
    const ran = await vitest(root, 'src/components/ProfileCard.test.js');
    expect(ran.code, ran.output.slice(0, 4000)).to.equal(0);
    expect(ran.output).to.match(/Tests\s+10 passed \(10\)/);
  });

  it('Svelte 5 + JavaScript: runes ($props with JSDoc types, $state), callback props, a children snippet; compiles without warnings, left unformatted (no prettier-plugin-svelte) in the project style, its test passes', async () => {
    const { root } = await copy(SVELTE);
    const { result, files } = await generate(component, root, card);
    expect([...files.keys()].sort()).to.deep.equal(['src/lib/UserCard.svelte', 'src/lib/UserCard.test.js']);
    const source = files.get('src/lib/UserCard.svelte')!;
    expect(source).to.include('<!-- @component A user with their status and a note to send. -->\n<script>\n');
    expect(source).to.include(
      "\tlet { title, subtitle = 'No role yet', unread, active, tags, onSend, onRemove, onOpen, children } = $props()\n",
    );
    expect(source).to.include("\tlet note = $state('')\n");
    expect(source).to.include('{@render children?.()}');
    expect(source).to.include('onclick={() => onRemove?.()}');
    expect(source).to.include('<style>\n\t.user-card {');
    expect(result.summary).to.include(
      'src/lib/UserCard.svelte is not formatted by Prettier: Prettier formats .svelte files only with prettier-plugin-svelte, which the project does not use',
    );
    expect(result.summary).to.include('Svelte 5 syntax (package.json svelte 5.57.3)');
    expect((result.data as { checks: { formatted: boolean } }).checks.formatted).to.equal(false);
    expect(result.data).to.deep.include({ framework: 'svelte', svelteMajor: 5, typescript: false, styling: 'scoped' });

    expect(svelte5Problems(source, 'UserCard.svelte')).to.deep.equal([]);
    const prettier = await prettierCheck(root, ['src/lib/UserCard.test.js']);
    expect(prettier.code, prettier.output).to.equal(0);
    const ran = await vitest(root, 'src/lib/UserCard.test.js');
    expect(ran.code, ran.output.slice(0, 4000)).to.equal(0);
    expect(ran.output).to.match(/Tests\s+10 passed \(10\)/);
  });

  it('Svelte 5 + TypeScript with Tailwind classes, semicolons, double quotes and 2 spaces: a <script lang="ts"> Props interface and a Snippet import in the project style; compiles without warnings, its test passes', async () => {
    const { root } = await copy(SVELTE);
    await writeFile(
      path.join(root, 'src/lib/Greeting.svelte'),
      '<script lang="ts">\n  let { name }: { name: string } = $props();\n</script>\n\n<p class="text-sm font-semibold">Hello {name}</p>\n',
    );
    await writeFile(path.join(root, '.prettierrc.json'), '{ "tabWidth": 2, "trailingComma": "none" }\n');
    const { files, result } = await generate(component, root, { ...card, name: 'TaskRow', directory: 'src/lib/tasks' });
    const source = files.get('src/lib/tasks/TaskRow.svelte')!;
    expect(source).to.include('<script lang="ts">\n  import type { Snippet } from "svelte";\n');
    expect(source).to.include("  interface Props {\n    /** The user's display name. */\n    title: string\n");
    expect(source).to.include('    onSend: (value: string) => void\n');
    expect(source).to.include('    children?: Snippet\n');
    expect(source).to.include('}: Props = $props();\n');
    expect(source).to.include('  let note = $state("");\n');
    expect(source).to.include('data-active={active ? "" : undefined}');
    expect(source).not.to.match(/^\t/m);
    expect(source).to.include('class="flex flex-col gap-2');
    expect(source).not.to.include('<style');
    expect(result.data).to.deep.include({ typescript: true, styling: 'tailwind', test: 'src/lib/tasks/TaskRow.test.ts' });

    expect(svelte5Problems(source, 'TaskRow.svelte')).to.deep.equal([]);
    const ran = await vitest(root, 'src/lib/tasks/TaskRow.test.ts');
    expect(ran.code, ran.output.slice(0, 4000)).to.equal(0);
    expect(ran.output).to.match(/Tests\s+10 passed \(10\)/);
  });

  it("Svelte 4 (the project's declared version): export let props, on:click, a default slot; compiles without warnings under Svelte 4's compiler (JavaScript and TypeScript); its test is written but not run here", async () => {
    const { root } = await copy(SVELTE);
    const pkgFile = path.join(root, 'package.json');
    const pkg = JSON.parse(await readFile(pkgFile, 'utf8')) as { devDependencies: Record<string, string> };
    pkg.devDependencies['svelte'] = '4.2.20';
    await writeFile(pkgFile, JSON.stringify(pkg, null, 2));
    await writeFile(path.join(root, 'src/lib/Greeting.svelte'), '<script>\n\texport let name\n</script>\n\n<p>Hello {name}</p>\n');
    const js = await generate(component, root, card);
    const source = js.files.get('src/lib/UserCard.svelte')!;
    expect(source).to.include("\t/** @type {string} The user's display name. */\n\texport let title\n");
    expect(source).to.include("\texport let subtitle = 'No role yet'\n");
    expect(source).to.include('\texport let onRemove = undefined\n');
    expect(source).to.include('on:click={() => (expanded = !expanded)}');
    expect(source).to.include('<slot />');
    expect(js.result.summary).to.include('Svelte 4 syntax (package.json svelte 4.2.20)');
    expect(js.files.get('src/lib/UserCard.test.js')).not.to.include('renders its children');
    expect(await svelte4Problems(source, 'UserCard.svelte')).to.deep.equal([]);

    await writeFile(
      path.join(root, 'src/lib/Greeting.svelte'),
      '<script lang="ts">\n\texport let name: string\n</script>\n\n<p>Hello {name}</p>\n',
    );
    // the JavaScript component just written would count against TypeScript: the project is its .svelte files
    for (const f of js.files.keys()) await rm(path.join(root, f));
    const typed = await generate(component, root, { ...card, name: 'TaskRow' });
    const tsSource = typed.files.get('src/lib/TaskRow.svelte')!;
    expect(tsSource).to.include('\texport let active: boolean | undefined = undefined\n');
    expect(tsSource).to.include('\texport let onRemove: (() => void) | undefined = undefined\n');
    expect(await svelte4Problems(tsSource, 'TaskRow.svelte')).to.deep.equal([]);
  });

  it('refuses what does not fit a Vue or Svelte component, naming the field; a framework the project is not', async () => {
    const vue = await copy(VUE);
    const svelte = await copy(SVELTE);
    expect(await refusal(generate(component, vue.root, { name: 'Card', exportStyle: 'named' }))).to.deep.equal({
      code: 'invalid_input',
      message: "exportStyle: a Vue component is its file's default export; drop exportStyle",
    });
    expect((await refusal(generate(component, vue.root, { name: 'Card', props: [{ name: 'body', type: 'ReactNode' }] }))).message).to.equal(
      "props.0.type: ReactNode is React's; a Vue component takes content through its slot (children: true)",
    );
    expect((await refusal(generate(component, vue.root, { name: 'Card', props: [{ name: 'emit', type: 'string' }] }))).message).to.match(
      /^props\.0\.name: "emit" is reserved/,
    );
    expect((await refusal(generate(component, vue.root, { name: 'StatusPill', directory: 'src/ui' }))).message).to.equal(
      'name: src/components/StatusPill.vue is already a component named StatusPill; choose another name (components are registered and imported by file name)',
    );
    expect((await refusal(generate(component, svelte.root, { name: 'Card', styling: 'css-modules' }))).message).to.match(
      /^styling: a Svelte component's <style> block is scoped by Svelte/,
    );
    expect((await refusal(generate(component, svelte.root, { name: 'Card', styling: 'styled-components' }))).code).to.equal(
      'invalid_input',
    );
    const wrong = await refusal(generate(component, svelte.root, { name: 'Card', framework: 'vue' } as ComponentInput));
    expect(wrong.code).to.equal('generation_refused');
    expect(wrong.message).to.match(/not a Vue project/);
    const existing = await refusal(generate(component, svelte.root, { name: 'Greeting' }));
    expect(existing.code).to.equal('generation_refused');
  });
});
