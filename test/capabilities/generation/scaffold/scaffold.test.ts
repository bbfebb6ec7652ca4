/**
 * generation.scaffold on fixtures/generation/scaffold-tabs (a semicolon-free, tab-indented project with
 * a `feature` scaffold): rendered paths and contents, the project's Prettier style, conditions, the dry
 * run, refusals; the staged output type-checks with agentd's TypeScript and is Prettier-idempotent.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect } from 'chai';
import * as prettier from 'prettier';
import { createLocalContext } from '../../../../core/context/index.js';
import { applyChanges, changesFromStaged } from '../../../../core/workspace/index.js';
import { isAgentdError, type CapabilityContext } from '../../../../core/index.js';
import { run, type ScaffoldInput } from '../../../../capabilities/generation/scaffold.js';
import { renderScaffoldText } from '../../../../capabilities/generation/scaffold/template-engine.js';

const repo = fileURLToPath(new URL('../../../../../', import.meta.url));
const tsc = path.join(repo, 'node_modules', 'typescript', 'bin', 'tsc');
const exec = promisify(execFile);

async function refusal(input: ScaffoldInput, ctx: CapabilityContext): Promise<{ code: string; message: string }> {
  try {
    await run(input, ctx);
  } catch (error) {
    if (isAgentdError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('generation.scaffold', function () {
  this.timeout(60_000);
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'agentd-scaffold-'));
    await cp(path.join(repo, 'fixtures', 'generation', 'scaffold-tabs'), root, { recursive: true });
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('renders paths and contents with the variables, in the project style, and the result type-checks', async () => {
    const handle = await createLocalContext({ root });
    const result = await run({ template: 'feature', variables: { name: 'InvoiceLine' } }, handle.ctx);
    expect(result.summary).to.equal('Scaffold "feature": created 2 files.');
    const staged = handle.ctx.workspace
      .changes()
      .map((c) => c.path)
      .sort();
    expect(staged).to.deep.equal(['src/features/invoice-line/invoice-line.test.ts', 'src/features/invoice-line/invoice-line.ts']);
    const source = await handle.ctx.workspace.read('src/features/invoice-line/invoice-line.ts');
    expect(source).to.include("import { memoryStore, type Store } from '../../store.ts'\n");
    expect(source).to.include('export function createInvoiceLineService(');
    expect(source).to.include('/** The invoiceline service: keeps invoiceLines by id. */');
    expect(source).to.match(/\n\tid: string\n/);
    expect(await prettier.format(source, { filepath: 'x.ts', semi: false, singleQuote: true, useTabs: true })).to.equal(source);
    await applyChanges(root, await changesFromStaged(root, handle.staged()));
    await symlink(path.join(repo, 'node_modules'), path.join(root, 'node_modules'));
    const { stdout } = await exec(process.execPath, [tsc, '--noEmit', '-p', root]).catch((e: { stdout: string }) => ({ stdout: e.stdout }));
    expect(stdout).to.equal('');
  });

  it('leaves out files whose condition is false and says so', async () => {
    const { ctx } = await createLocalContext({ root });
    // A scaffold named as a task writes it ("Feature") finds the folder "feature".
    const result = await run({ template: 'Feature', variables: { name: 'Invoice', withTests: false } }, ctx);
    expect(ctx.workspace.changes().map((c) => c.path)).to.deep.equal(['src/features/invoice/invoice.ts']);
    expect(result.summary).to.include('1 template file left out by scaffold.json conditions');
  });

  it('a dry run lists what it would do and stages nothing', async () => {
    await mkdir(path.join(root, 'src', 'features', 'invoice'), { recursive: true });
    await writeFile(path.join(root, 'src', 'features', 'invoice', 'invoice.ts'), 'export const old = 1\n');
    const { ctx } = await createLocalContext({ root });
    const result = await run({ template: 'feature', variables: { name: 'Invoice' }, dryRun: true }, ctx);
    expect(ctx.workspace.changes()).to.deep.equal([]);
    expect((result.data as { listing: string[] }).listing).to.deep.equal([
      'create src/features/invoice/invoice.test.ts',
      'exists (would refuse) src/features/invoice/invoice.ts',
    ]);
    expect(result.summary).to.include('1 to create, 1 existing with other content (a real run would refuse)');
    const refused = await refusal({ template: 'feature', variables: { name: 'Invoice' } }, ctx);
    expect(refused.code).to.equal('generation_refused');
    expect(ctx.workspace.changes()).to.deep.equal([]);
    await run({ template: 'feature', variables: { name: 'Invoice' }, onExisting: 'propose' }, ctx);
    expect(ctx.workspace.changes().find((c) => c.path === 'src/features/invoice/invoice.ts')?.diff).to.include('-export const old = 1');
  });

  it('refuses bad input with the reason: unknown scaffold, missing or invalid variables, unknown variables in a template, escaping paths', async () => {
    const { ctx } = await createLocalContext({ root });
    const unknown = await refusal({ template: 'page' }, ctx);
    expect(unknown).to.deep.equal({
      code: 'invalid_input',
      message: 'template: "page" has no template files at .agentd/scaffolds/page/ (scaffolds in .agentd/scaffolds/: feature)',
    });
    expect((await refusal({ template: 'feature' }, ctx)).message).to.equal(
      'variables: "name" is required (PascalCase feature name, e.g. Invoice)',
    );
    expect((await refusal({ template: 'feature', variables: { name: 'invoice' } }, ctx)).message).to.equal(
      'variables: "name" = "invoice" does not match ^[A-Z][A-Za-z0-9]*$',
    );
    await mkdir(path.join(root, '.agentd', 'scaffolds', 'loose'), { recursive: true });
    await writeFile(path.join(root, '.agentd', 'scaffolds', 'loose', '{{dir}}.md.hbs'), 'Hello {{who}}\n');
    const strict = await refusal({ template: 'loose', variables: { dir: 'a' } }, ctx);
    expect(strict.message).to.match(/^scaffold template \.agentd\/scaffolds\/loose\/\{\{dir\}\}\.md\.hbs: "who" not defined/);
    const escape = await refusal({ template: 'loose', variables: { dir: '../../outside', who: 'x' } }, ctx);
    expect(escape.message).to.include('has an empty, "." or ".." segment');
    expect(ctx.workspace.changes()).to.deep.equal([]);
  });

  it('a template cannot reach prototypes or run code', async () => {
    await mkdir(path.join(root, '.agentd', 'scaffolds', 'evil'), { recursive: true });
    await writeFile(
      path.join(root, '.agentd', 'scaffolds', 'evil', 'x.txt'),
      '{{#with "s" as |s|}}{{s.constructor.constructor "return process.pid"}}{{/with}}',
    );
    const { ctx } = await createLocalContext({ root });
    const refused = await refusal({ template: 'evil' }, ctx);
    expect(refused.code).to.equal('invalid_input');
    expect(refused.message).to.include('knownHelpersOnly, but used the unknown helper s');
    expect(renderScaffoldText('[{{lookup this "constructor"}}]', { name: 'a' }, 't')).to.equal('[]');
    expect(() => renderScaffoldText('{{#with name}}{{constructor.constructor}}{{/with}}', { name: 'a' }, 't')).to.throw(
      /"constructor" not defined/,
    );
    expect(() => renderScaffoldText('{{log "x"}}', {}, 't')).to.throw(/scaffold template t/);
  });
});
