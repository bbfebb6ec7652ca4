/**
 * generation.config on two stacks — fixtures/generation/config-node-esm (Node ESM + TypeScript + mocha,
 * 4-space semicolon-free code, npm lock, no configs) and fixtures/react-ts-app (Vite + React, its own
 * tsconfig and Prettier config) — checked by the real tools: tsc on the generated tsconfig, ESLint
 * loading the generated flat config (--print-config) and linting the project, Prettier with the generated
 * config accepting the project's existing files, and the workflow validated against GitHub's workflow
 * schema (@action-validator/core).
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createRequire } from 'node:module';
import { expect } from 'chai';
import { createLocalContext } from '../../../../core/context/index.js';
import { applyChanges, changesFromStaged } from '../../../../core/workspace/index.js';
import { isAgentdError } from '../../../../core/index.js';
import { run } from '../../../../capabilities/generation/config.js';

const repo = fileURLToPath(new URL('../../../../../', import.meta.url));
const bin = (pkg: string, file: string): string => path.join(repo, 'node_modules', pkg, file);
const exec = promisify(execFile);
const { validateWorkflow } = createRequire(import.meta.url)('@action-validator/core') as {
  validateWorkflow(src: string): { errors: unknown[] };
};

async function tool(root: string, script: string, args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await exec(process.execPath, [script, ...args], { cwd: root });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

async function copy(fixture: string): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'agentd-config-'));
  await cp(path.join(repo, 'fixtures', fixture), root, { recursive: true });
  return root;
}

describe('generation.config', function () {
  this.timeout(120_000);
  const roots: string[] = [];
  after(() => Promise.all(roots.map((r) => rm(r, { recursive: true, force: true }))));

  it('writes every missing config for a Node ESM TypeScript project, and the real tools accept them', async () => {
    const root = await copy('generation/config-node-esm');
    roots.push(root);
    const handle = await createLocalContext({ root });
    const result = await run({}, handle.ctx);
    const written = handle.ctx.workspace
      .changes()
      .map((c) => c.path)
      .sort();
    expect(written).to.deep.equal(['.editorconfig', '.github/workflows/ci.yml', '.prettierrc.json', 'eslint.config.js', 'tsconfig.json']);
    expect(result.summary).to.match(/^Config: created 5 files/);
    const read = (p: string): Promise<string> => handle.ctx.workspace.read(p);
    expect(JSON.parse(await read('.prettierrc.json'))).to.deep.equal({ semi: false, singleQuote: true, useTabs: false, tabWidth: 4 });
    expect(JSON.parse(await read('tsconfig.json'))).to.deep.include({ include: ['src', 'test'] });
    expect(JSON.parse(await read('tsconfig.json')).compilerOptions).to.deep.include({
      module: 'NodeNext',
      strict: true,
      types: ['node', 'mocha'],
    });
    const ci = await read('.github/workflows/ci.yml');
    expect(ci).to.include('node-version: 20').and.include('cache: npm').and.include('- run: npm ci');
    expect(ci.match(/- run: (.*)/g)).to.deep.equal(['- run: npm ci', '- run: npm run lint', '- run: npm run build', '- run: npm test']);
    expect(validateWorkflow(ci).errors).to.deep.equal([]);
    expect(await read('.editorconfig')).to.include('indent_style = space\nindent_size = 4');

    await applyChanges(root, await changesFromStaged(root, handle.staged()));
    await symlink(path.join(repo, 'node_modules'), path.join(root, 'node_modules'));
    expect(await tool(root, bin('typescript', 'bin/tsc'), ['--noEmit', '-p', 'tsconfig.json'])).to.deep.equal({ code: 0, out: '' });
    const printed = await tool(root, bin('eslint', 'bin/eslint.js'), ['--print-config', 'src/prices.ts']);
    expect(printed.code, printed.out).to.equal(0);
    expect(Object.keys((JSON.parse(printed.out) as { rules: Record<string, unknown> }).rules)).to.include.members([
      'no-unused-vars',
      '@typescript-eslint/no-explicit-any',
    ]);
    expect(await tool(root, bin('eslint', 'bin/eslint.js'), ['.'])).to.deep.equal({ code: 0, out: '' });
    const prettier = await tool(root, bin('prettier', 'bin/prettier.cjs'), ['--check', 'src', 'test', 'eslint.config.js', 'tsconfig.json']);
    expect(prettier.code, prettier.out).to.equal(0);
  });

  it('keeps what a Vite React project already has and writes the rest for its bundler setup', async () => {
    const root = await copy('react-ts-app');
    roots.push(root);
    const { ctx, staged } = await createLocalContext({ root });
    const result = await run({}, ctx);
    expect(
      ctx.workspace
        .changes()
        .map((c) => c.path)
        .sort(),
    ).to.deep.equal(['.editorconfig', '.github/workflows/ci.yml', 'eslint.config.js']);
    expect(result.summary).to.include("Kept the project's existing tsconfig (tsconfig.json); prettier (.prettierrc)");
    expect(result.summary).to.include(
      'The ESLint config needs eslint, @eslint/js, typescript-eslint, eslint-plugin-react-hooks, which package.json does not list: npm install --save-dev eslint @eslint/js typescript-eslint eslint-plugin-react-hooks',
    );
    // A TypeScript React project's config lints its .ts/.tsx files and its hooks, once those packages are installed.
    const eslintConfig = await ctx.workspace.read('eslint.config.js');
    expect(eslintConfig).to.include("import tseslint from 'typescript-eslint';");
    expect(eslintConfig).to.include('...tseslint.configs.recommended,');
    expect(eslintConfig).to.include("import reactHooks from 'eslint-plugin-react-hooks';");
    // With those packages installed (agentd's own node_modules has them), ESLint loads it for a .tsx file and lints the sources.
    await applyChanges(root, await changesFromStaged(root, staged()));
    await symlink(path.join(repo, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    const printed = await tool(root, bin('eslint', 'bin/eslint.js'), ['--print-config', 'src/App.tsx']);
    expect(printed.code, printed.out).to.equal(0);
    expect(Object.keys((JSON.parse(printed.out) as { rules: object }).rules)).to.include.members([
      'react-hooks/rules-of-hooks',
      '@typescript-eslint/no-unused-vars',
    ]);
    const linted = await tool(root, bin('eslint', 'bin/eslint.js'), ['src']);
    expect(linted.code, linted.out).to.equal(0);
    const ci = await ctx.workspace.read('.github/workflows/ci.yml');
    expect(ci.match(/- run: (.*)/g)).to.deep.equal(['- run: npm install', '- run: npm run build', '- run: npm test']);
    expect(ci).not.to.include('cache:');
    expect(validateWorkflow(ci).errors).to.deep.equal([]);
  });

  it('a named config that exists is refused unless proposed as a diff; a Vite tsconfig uses bundler resolution', async () => {
    const root = await copy('react-ts-app');
    roots.push(root);
    const { ctx } = await createLocalContext({ root });
    try {
      await run({ files: ['tsconfig'] }, ctx);
      expect.fail('overwrote tsconfig.json');
    } catch (error) {
      expect(isAgentdError(error) && error.code).to.equal('generation_refused');
    }
    await run({ files: ['tsconfig'], onExisting: 'propose' }, ctx);
    const change = ctx.workspace.changes().find((c) => c.path === 'tsconfig.json');
    expect(change?.action).to.equal('modify');
    const options = JSON.parse(await ctx.workspace.read('tsconfig.json')).compilerOptions;
    expect(options).to.deep.include({ module: 'ESNext', moduleResolution: 'bundler', jsx: 'react-jsx', noEmit: true });
  });
});
