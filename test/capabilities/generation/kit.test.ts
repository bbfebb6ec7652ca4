/** The generation kit on a real temp workspace through a real local context: templates and overrides, names, staging without silent overwrites. */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { createLocalContext } from '../../../core/context/index.js';
import { isAgentdError } from '../../../core/index.js';
import {
  assertIdentifier,
  camelCase,
  collidingExport,
  identifierProblem,
  kebabCase,
  pascalCase,
  plural,
  singular,
  stageFiles,
  withArticle,
} from '../../../capabilities/generation/kit/index.js';
import { renderTemplateText } from './kit-render.js';

describe('generation kit', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'agentd-genkit-'));
    await mkdir(path.join(root, 'src'), { recursive: true });
    await writeFile(path.join(root, 'package.json'), JSON.stringify({ name: 'kit-sample', type: 'module' }));
    await writeFile(path.join(root, '.prettierrc.json'), JSON.stringify({ semi: false, singleQuote: true }));
    await writeFile(path.join(root, 'src', 'card.ts'), 'export function UserCard() {\n  return 1\n}\n');
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('puts "a" or "an" before a name by its first sound', () => {
    const names = ['invoice', 'order', 'user', 'unit price', 'uuid key', 'umbrella', 'euro amount', 'hour slot', 'Todo', 'Item', 'User'];
    expect(names.map(withArticle)).to.deep.equal([
      'an invoice',
      'an order',
      'a user',
      'a unit price',
      'a uuid key',
      'an umbrella',
      'a euro amount',
      'an hour slot',
      'a Todo',
      'an Item',
      'a User',
    ]);
  });

  it('writes names in every casing and pluralises resource names', () => {
    expect(pascalCase('user profile-card')).to.equal('UserProfileCard');
    expect(camelCase('UserProfile')).to.equal('userProfile');
    expect(kebabCase('HTTPServerError')).to.equal('http-server-error');
    expect([plural('category'), plural('box'), plural('user')]).to.deep.equal(['categories', 'boxes', 'users']);
    expect([singular('categories'), singular('boxes'), singular('users'), singular('status')]).to.deep.equal([
      'category',
      'box',
      'user',
      'status',
    ]);
  });

  it('refuses invalid, reserved and wrongly cased names with invalid_input naming the field', () => {
    expect(identifierProblem('2fa', { field: 'name', kind: 'component' })).to.match(/not a valid identifier/);
    expect(identifierProblem('delete', { field: 'name', kind: 'function' })).to.match(/reserved word/);
    expect(identifierProblem('userCard', { field: 'name', kind: 'component', casing: 'pascal' })).to.match(/PascalCase.*"UserCard"/);
    expect(identifierProblem('auth', { field: 'name', kind: 'hook', casing: 'hook' })).to.match(/"useAuth"/);
    expect(identifierProblem('useAuth', { field: 'name', kind: 'hook', casing: 'hook' })).to.equal(null);
    try {
      assertIdentifier('class', { field: 'fields.0.name', kind: 'field' });
      expect.fail('accepted a reserved word');
    } catch (error) {
      expect(isAgentdError(error) && error.code).to.equal('invalid_input');
      expect((error as Error).message).to.match(/^fields\.0\.name: "class" is a reserved word/);
    }
  });

  it('finds an existing export a new name would collide with', async () => {
    const { ctx } = await createLocalContext({ root });
    expect(await collidingExport(ctx, 'UserCard')).to.equal('src/card.ts');
    expect(await collidingExport(ctx, 'UserCard', ['src/card.ts'])).to.equal(null);
    expect(await collidingExport(ctx, 'OrderCard')).to.equal(null);
  });

  it('stages new files formatted with the project Prettier settings and refuses to overwrite other content', async () => {
    const { ctx } = await createLocalContext({ root });
    const staged = await stageFiles(ctx, [{ path: 'src/new.ts', content: 'export const a = "x";\n' }]);
    expect(staged).to.deep.equal([{ path: 'src/new.ts', status: 'created' }]);
    expect(await ctx.workspace.read('src/new.ts')).to.equal("export const a = 'x'\n");
    try {
      await stageFiles(ctx, [
        { path: 'src/card.ts', content: 'export const b = 1\n' },
        { path: 'src/other.ts', content: 'export const c = 1\n' },
      ]);
      expect.fail('overwrote an existing file');
    } catch (error) {
      expect(isAgentdError(error) && error.code).to.equal('generation_refused');
      expect((error as Error).message).to.contain('src/card.ts already exists');
    }
    expect(await ctx.workspace.exists('src/other.ts')).to.equal(false, 'a refusal stages nothing');
    const proposed = await stageFiles(ctx, [{ path: 'src/card.ts', content: 'export const b = 1\n' }], 'propose');
    expect(proposed).to.deep.equal([{ path: 'src/card.ts', status: 'changed' }]);
    expect(ctx.workspace.changes().find((c) => c.path === 'src/card.ts')?.diff).to.contain('+export const b = 1');
  });

  it('renders bundled templates, and a project override only with the project-code permission', async () => {
    await mkdir(path.join(root, '.agentd', 'templates', 'sample'), { recursive: true });
    await writeFile(path.join(root, '.agentd', 'templates', 'sample', 'hello.eta'), 'project says <%= it.name %>\n');
    const without = await createLocalContext({ root });
    const bundled = await renderTemplateText(without.ctx, 'hello.eta', { name: 'World' });
    expect(bundled.source).to.equal('bundled');
    expect(bundled.text).to.equal('Hello, World!\n');
    expect(bundled.note).to.match(/project-code permission/);
    const withCode = await createLocalContext({ root, permissions: { projectCode: true } });
    const project = await renderTemplateText(withCode.ctx, 'hello.eta', { name: 'World' });
    expect(project).to.include({ source: 'project', text: 'project says World\n', override: '.agentd/templates/sample/hello.eta' });
  });
});
