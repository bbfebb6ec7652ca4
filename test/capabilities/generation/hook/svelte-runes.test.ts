/**
 * generation.hook on the Svelte 5 fixture (JavaScript, tabs, no semicolons): every kind written as a
 * runes module (`useX.svelte.js`, JSDoc types) into one copy, each checked by Svelte's own compiler
 * (compileModule, no warnings), Prettier --check under the fixture's settings, and the generated
 * tests run by the fixture's vitest (the Svelte Vite plugin compiles the `.svelte.js` modules and the
 * `.svelte.test.js` tests that use runes); then the same project turned TypeScript (`.svelte.ts`,
 * tsc --noEmit on the modules and tests), and a Svelte 4 project (custom stores, tested on Svelte 4's
 * own svelte/store).
 */
import { readFile, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { compileModule } from 'svelte/compiler';
import ts from 'typescript';
import { run as hook } from '../../../../capabilities/generation/hook.js';
import { copyFixture, generate, repo, runIn, type Copy } from '../component/react-fixture.js';
import { HOOKS } from './hook-specs.js';
import { refusal } from '../refusal.js';
import { writeCheckJsConfig } from '../check-js.js';

const SVELTE = 'svelte-vite-vitest';
const bin = (name: string): string => path.join(repo, 'node_modules', '.bin', name);

/** A strict, no-emit tsconfig over `include` with these ambient `types`, for `tsc -p` on the generated TypeScript. */
async function writeStrictTsconfig(root: string, types: string[], include: string[]): Promise<void> {
  await writeFile(
    path.join(root, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2022', 'DOM'],
        module: 'ESNext',
        moduleResolution: 'bundler',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        verbatimModuleSyntax: true,
        types,
      },
      include,
    }),
  );
}

/** Warnings of Svelte's compileModule (errors throw); TypeScript stripped first, as Vite does before the Svelte plugin. */
function warnings(source: string, filename: string): string[] {
  const js = filename.endsWith('.ts')
    ? ts.transpileModule(source, {
        compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, verbatimModuleSyntax: true },
      }).outputText
    : source;
  return compileModule(js, { filename, generate: 'client' }).warnings.map((w) => `${filename} ${w.code}: ${w.message}`);
}

describe('generation.hook for Svelte (runes modules)', function () {
  this.timeout(180_000);
  const copies: Copy[] = [];
  const copy = async (): Promise<Copy> => {
    const c = await copyFixture(SVELTE);
    copies.push(c);
    return c;
  };
  after(() => Promise.all(copies.map((c) => c.remove())));

  async function generateAll(root: string): Promise<Map<string, string>> {
    const files = new Map<string, string>();
    for (const input of HOOKS) for (const [p, c] of (await generate(hook, root, input)).files) files.set(p, c);
    return files;
  }

  it('Svelte 5 + JavaScript: all six kinds as runes modules in src/lib with JSDoc types; compiled without warnings, Prettier clean, JSDoc types clean under tsc --checkJs (strict), their 14 vitest tests pass', async () => {
    const { root } = await copy();
    const first = await generate(hook, root, HOOKS[0]!);
    expect(first.result.data).to.deep.include({ framework: 'svelte', svelteMajor: 5, typescript: false, runner: 'vitest' });
    expect(first.result.summary).to.include('Svelte 5 runes module (package.json svelte 5.57.3; JavaScript with JSDoc types)');
    const files = new Map([...first.files, ...(await generateAll(root))]);
    expect([...files.keys()].sort()).to.deep.equal(
      HOOKS.flatMap((h) => [`src/lib/${h.name}.svelte.js`, `src/lib/${h.name}.svelte.test.js`]).sort(),
    );
    const toggle = files.get('src/lib/useDisclosure.svelte.js')!;
    expect(toggle).to.include('export function useDisclosure(initial = false) {\n\tlet value = $state(initial)\n');
    expect(toggle).to.include(' * @returns {UseDisclosureResult}\n');
    expect(files.get('src/lib/useSearchTerm.svelte.js')).to.include('\t$effect(() => {\n\t\tconst next = getValue()\n');
    expect(files.get('src/lib/useUsers.svelte.test.js')).to.include("import { useUsers } from './useUsers.svelte.js'\n");
    for (const [file, content] of files) {
      expect(content, file).not.to.match(/;\n/);
      expect(content, file).not.to.match(/^ {2}/m);
      expect(warnings(content, path.basename(file))).to.deep.equal([]);
    }
    const prettier = await runIn(root, bin('prettier'), ['--check', ...files.keys()]);
    expect(prettier.code, prettier.output).to.equal(0);
    // The project has no tsconfig; its JSDoc types are still checked, as an editor's checkJs would (strict).
    await writeCheckJsConfig(root, 'jsconfig.check.json', ['src/lib/*.svelte.js'], ['svelte', 'vite/client']);
    const checkJs = await runIn(root, process.execPath, [path.join(repo, 'node_modules/typescript/bin/tsc'), '-p', 'jsconfig.check.json']);
    expect(checkJs.code, checkJs.output).to.equal(0);
    const ran = await runIn(root, bin('vitest'), ['run', ...[...files.keys()].filter((f) => f.includes('.test.'))]);
    expect(ran.code, ran.output.slice(0, 4000)).to.equal(0);
    expect(ran.output).to.match(/Tests\s+14 passed \(14\)/);
  });

  it('Svelte 5 + TypeScript: .svelte.ts modules with an exported result interface; tsc --noEmit (strict) on modules and tests, Prettier clean, their tests pass', async () => {
    const { root } = await copy();
    await writeFile(
      path.join(root, 'src/lib/Greeting.svelte'),
      '<script lang="ts">\n\tlet { name }: { name: string } = $props()\n</script>\n\n<p>Hello {name}</p>\n',
    );
    await writeStrictTsconfig(root, ['svelte', 'vite/client'], ['src/**/*.ts']);
    const files = await generateAll(root);
    expect([...files.keys()].filter((f) => !f.includes('.test.')).sort()).to.deep.equal(
      HOOKS.map((h) => `src/lib/${h.name}.svelte.ts`).sort(),
    );
    expect(files.get('src/lib/useFilter.svelte.ts')).to.include(
      'export interface UseFilterResult {\n\treadonly value: { query: string; done: boolean }\n',
    );
    for (const [file, content] of files) expect(warnings(content, path.basename(file))).to.deep.equal([]);
    const tsc = await runIn(root, process.execPath, [path.join(repo, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json']);
    expect(tsc.code, tsc.output).to.equal(0);
    const prettier = await runIn(root, bin('prettier'), ['--check', ...files.keys()]);
    expect(prettier.code, prettier.output).to.equal(0);
    const ran = await runIn(root, bin('vitest'), ['run', ...[...files.keys()].filter((f) => f.includes('.test.'))]);
    expect(ran.code, ran.output.slice(0, 4000)).to.equal(0);
    expect(ran.output).to.match(/Tests\s+14 passed \(14\)/);
  });

  it("Svelte 4 (the project's declared version): custom stores (writable/derived) in src/lib/stores; Prettier clean, JSDoc types clean under tsc --checkJs, their 14 tests pass on Svelte 4's own svelte/store", async () => {
    const { root } = await copy();
    const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    pkg.devDependencies['svelte'] = '^4.2.0';
    await writeFile(path.join(root, 'package.json'), JSON.stringify(pkg, null, '\t') + '\n');
    // The copy links agentd's node_modules (Svelte 5): unlinked while generating, the declared range decides.
    await rm(path.join(root, 'node_modules'));
    const first = await generate(hook, root, HOOKS[0]!);
    expect(first.result.summary).to.include('Svelte 4 store (package.json svelte ^4.2.0: no runes; JavaScript with JSDoc types)');
    expect(first.result.data).to.deep.include({ framework: 'svelte', svelteMajor: 4, hook: 'src/lib/stores/useDisclosure.js' });
    const files = new Map([...first.files, ...(await generateAll(root))]);
    await symlink(path.join(repo, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    expect([...files.keys()].sort()).to.deep.equal(
      HOOKS.flatMap((h) => [`src/lib/stores/${h.name}.js`, `src/lib/stores/${h.name}.test.js`]).sort(),
    );
    expect(files.get('src/lib/stores/useDisclosure.js')).to.include('\tconst { subscribe, set, update } = writable(initial)\n');
    expect(files.get('src/lib/stores/useSearchTerm.js')).to.include('\treturn derived(\n');
    for (const [file, content] of files) expect(content, file).not.to.match(/\$state|\$effect|;\n/);
    const prettier = await runIn(root, bin('prettier'), ['--check', ...files.keys()]);
    expect(prettier.code, prettier.output).to.equal(0);
    await writeCheckJsConfig(root, 'jsconfig.check.json', ['src/lib/stores/*.js'], []);
    const checkJs = await runIn(root, process.execPath, [path.join(repo, 'node_modules/typescript/bin/tsc'), '-p', 'jsconfig.check.json']);
    expect(checkJs.code, checkJs.output).to.equal(0);
    // Svelte 5 is what is installed here; the tests run on Svelte 4's own store module (the svelte4 alias package).
    await writeFile(
      path.join(root, 'vitest.stores.config.js'),
      "import { defineConfig } from 'vitest/config'\n\nexport default defineConfig({\n\tresolve: { alias: { 'svelte/store': 'svelte4/store' } },\n\ttest: { environment: 'jsdom' }\n})\n",
    );
    const tests = [...files.keys()].filter((f) => f.includes('.test.'));
    const ran = await runIn(root, bin('vitest'), ['run', '--config', 'vitest.stores.config.js', ...tests]);
    expect(ran.code, ran.output.slice(0, 4000)).to.equal(0);
    expect(ran.output).to.match(/Tests\s+14 passed \(14\)/);
  });

  it("Svelte 4 + TypeScript: stores typed by interfaces extending Readable/Writable; tsc --noEmit (strict) on modules and tests, their tests pass on Svelte 4's svelte/store", async () => {
    const { root } = await copy();
    const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    pkg.devDependencies['svelte'] = '^4.2.0';
    await writeFile(path.join(root, 'package.json'), JSON.stringify(pkg, null, '\t') + '\n');
    await writeFile(
      path.join(root, 'src/lib/Greeting.svelte'),
      '<script lang="ts">\n\texport let name: string\n</script>\n\n<p>Hello {name}</p>\n',
    );
    await rm(path.join(root, 'node_modules'));
    const files = await generateAll(root);
    await symlink(path.join(repo, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    expect(files.get('src/lib/stores/useDisclosure.ts')).to.include('export interface UseDisclosureResult extends Readable<boolean> {\n');
    await writeStrictTsconfig(root, [], ['src/lib/stores/*.ts']);
    const tsc = await runIn(root, process.execPath, [path.join(repo, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json']);
    expect(tsc.code, tsc.output).to.equal(0);
    await writeFile(
      path.join(root, 'vitest.stores.config.js'),
      "import { defineConfig } from 'vitest/config'\n\nexport default defineConfig({\n\tresolve: { alias: { 'svelte/store': 'svelte4/store' } },\n\ttest: { environment: 'jsdom' }\n})\n",
    );
    const ran = await runIn(root, bin('vitest'), [
      'run',
      '--config',
      'vitest.stores.config.js',
      ...[...files.keys()].filter((f) => f.includes('.test.')),
    ]);
    expect(ran.code, ran.output.slice(0, 4000)).to.equal(0);
    expect(ran.output).to.match(/Tests\s+14 passed \(14\)/);
  });

  it('refuses a Vue task in a Svelte project', async () => {
    const { root } = await copy();
    expect(await refusal(generate(hook, root, { name: 'useOpen', framework: 'vue' } as never))).to.deep.equal({
      code: 'generation_refused',
      message: 'the task asks for a Vue hook, but this is not a Vue project (no vue dependency or .vue files). Nothing was staged.',
    });
  });
});
