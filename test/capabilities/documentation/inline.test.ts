import { expect } from 'chai';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { jsdocProblems, tsdocMessages, withoutDocComments } from './comment-checks.js';
import { copyFixture, repo, type DocWorkspace } from './doc-workspace.js';

const exec = promisify(execFile);

describe('capabilities/documentation/inline', function () {
  this.timeout(120_000);
  let ws: DocWorkspace;
  beforeEach(async () => {
    ws = await copyFixture('documentation/toolkit');
  });
  afterEach(() => ws.dispose());

  it('documents every undocumented export; eslint-plugin-jsdoc and the TSDoc parser report nothing on the added comments, tokens are unchanged and tsc still passes', async () => {
    const before = new Map<string, string>();
    for (const file of [
      'src/ids.ts',
      'src/registry.ts',
      'src/shapes/shapes.ts',
      'src/text.ts',
      'src/units.ts',
      'src/index.ts',
      'src/cli.ts',
    ])
      before.set(file, await ws.read(file));
    const { result, changes } = await ws.apply('documentation.inline', {});
    expect(changes.map((c) => c.path).sort()).to.deep.equal([
      'src/ids.ts',
      'src/registry.ts',
      'src/shapes/shapes.ts',
      'src/text.ts',
      'src/units.ts',
    ]);
    expect(result.summary).to.match(/^Added 22 doc comment\(s\) in 5 file\(s\)\./);
    // Hand-written comments that were already incomplete (makeId, toMetres, internalScale) keep their
    // problems — existing comments are never rewritten; the generated ones add none.
    const withoutLine = (problem: string): string => problem.replace(/:\d+ /, ' ');
    const problems: string[] = [];
    const existing: string[] = [];
    for (const change of changes) {
      const after = await ws.read(change.path);
      problems.push(...jsdocProblems(change.path, after).map(withoutLine));
      existing.push(...jsdocProblems(change.path, before.get(change.path)!).map(withoutLine));
      expect(withoutDocComments(after), `${change.path}: only doc-comment lines added`).to.equal(
        withoutDocComments(before.get(change.path)!),
      );
      // Existing comments stay byte for byte.
      for (const existing of before.get(change.path)!.match(/\/\*\*[\s\S]*?\*\//g) ?? []) expect(after).to.include(existing);
    }
    expect(problems.sort()).to.deep.equal(existing.sort());
    let parsed = 0;
    for (const change of changes) {
      const { comments, messages } = tsdocMessages(before.get(change.path)!, await ws.read(change.path));
      expect(messages, `TSDoc syntax in ${change.path}`).to.deep.equal([]);
      parsed += comments;
    }
    expect(parsed).to.be.at.least(20);
    expect(existing).to.have.length(9);
    await exec(process.execPath, [path.join(repo, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '-p', ws.root]);
  });

  it('derives @param names, defaults, @returns and @throws with the guarding condition from the code', async () => {
    await ws.apply('documentation.inline', {});
    const text = await ws.read('src/text.ts');
    expect(text).to.include(
      [
        '/**',
        ' * Truncates the given text.',
        ' *',
        ' * @param text - The text.',
        ' * @param maxLength - The max length.',
        " * @param ellipsis - The ellipsis (default `'…'`).",
        ' * @returns The truncated text.',
        ' * @throws {@link RangeError} If `maxLength < 1`.',
        ' */',
        'export function truncate(',
      ].join('\n'),
    );
    expect(text).to.include(
      ' * @param read - The read function.\n * @returns The number of words.\n */\nexport async function countWords(',
    );
    const registry = await ws.read('src/registry.ts');
    expect(registry).to.include(
      '   * @returns This registry, for chaining.\n   * @throws {@link Error} If `(this.options.unique ?? true) && this.entries.has(key)`.\n   */\n  add(key: string, value: T): this {',
    );
    expect(registry).to.include('   * Creates a registry.\n   *\n   * @param options - The options (default `{}`).\n   */\n  constructor(');
    const ids = await ws.read('src/ids.ts');
    // Each overload signature is documented with its own parameters; the implementation is not.
    expect(ids).to.include(
      ' * @param value - The value.\n * @returns The padded result.\n */\nexport function pad(value: number): string;\n/**',
    );
    expect(ids).to.include(
      ' * @param width - The width.\n * @returns The padded result.\n */\nexport function pad(value: string, width: number): string;\nexport function pad(value: number | string',
    );
    expect(ids).to.include('/**\n * An id source.\n */\nexport abstract class IdSource {');
    // A void-returning or documented declaration gets no @returns / is left alone.
    const shapes = await ws.read('src/shapes/shapes.ts');
    expect(shapes).to.include('  /** @deprecated Use {@link Rectangle.area} and compare instead. */\n  isSquare(): boolean {');
  });

  it('documents one symbol when asked, and says so when there is nothing to add', async () => {
    const { result, changes } = await ws.apply('documentation.inline', { symbol: 'parseLength' });
    expect(changes.map((c) => c.path)).to.deep.equal(['src/units.ts']);
    expect(result.summary).to.match(/^Added 1 doc comment\(s\) in 1 file\(s\)\./);
    expect(await ws.read('src/units.ts')).to.include(' * @throws {@link SyntaxError} If `!match`.\n */\nexport function parseLength(');
    const again = await ws.apply('documentation.inline', { include: ['src/units.ts'], symbol: 'parseLength' });
    expect(again.changes).to.deep.equal([]);
    expect(again.result.summary).to.match(/^"parseLength" already has a doc comment; nothing to add\.$/);
    // A name no export goes by is not "nothing to add": it is refused, naming the name.
    const missing = await ws.refusal('documentation.inline', { include: ['src/units.ts'], symbol: 'parseLenght' });
    expect(missing.code).to.equal('documentation_refused');
    expect(missing.message).to.include('No exported declaration is named "parseLenght"');
  });

  it('skips a destructured parameter with the reason instead of inventing a name', async () => {
    const { writeFile } = await import('node:fs/promises');
    await writeFile(
      path.join(ws.root, 'src', 'options.ts'),
      'export function open({ path, mode }: { path: string; mode: string }): string {\n  return path + mode;\n}\n',
    );
    const { result, changes } = await ws.apply('documentation.inline', { include: ['src/options.ts'] });
    expect(changes).to.deep.equal([]);
    expect((result.data as { skipped: { name: string; reason: string }[] }).skipped).to.deep.equal([
      {
        name: 'open',
        line: 1,
        reason: 'destructured parameter: name it (or document it by hand) so @param can use the real name',
        file: 'src/options.ts',
      },
    ]);
  });

  it('leaves to a human what no comment can pass both checks for (found on immer and remeda), and reads a void function by its name', async () => {
    const { writeFile } = await import('node:fs/promises');
    const source = [
      '// A parameter typed by an object literal: eslint-plugin-jsdoc wants @param config.freeze, TSDoc refuses the name.',
      'export function configure(config?: { freeze?: boolean }): void {',
      '  void config;',
      '}',
      '',
      '// Functions in a constant: eslint-plugin-jsdoc reads its comment as theirs.',
      'export const messages = [function (plugin: string) {\n  return `no ${plugin}`;\n}];',
      '',
      '// A nested overload: eslint-plugin-jsdoc takes its return type for the outer function.',
      'export function enableCloning(): void {',
      '  function clone<T>(value: T): T;',
      '  function clone(value: unknown) {',
      '    return value;',
      '  }',
      '  void clone;',
      '}',
      '',
      'export function enablePatches(): void {}',
      '',
    ].join('\n');
    await writeFile(path.join(ws.root, 'src', 'forms.ts'), source);
    const { result, changes } = await ws.apply('documentation.inline', { include: ['src/forms.ts'] });
    const skipped = (result.data as { skipped: { name: string; reason: string }[] }).skipped;
    expect(skipped.map((s) => [s.name, s.reason.split(':')[0]!.split(' (')[0]])).to.deep.equal([
      ['configure', 'parameter config is typed by an object literal'],
      ['messages', 'its value holds functions eslint-plugin-jsdoc would read the comment as documenting'],
      ['enableCloning', 'a nested overload signature eslint-plugin-jsdoc takes for its return type'],
    ]);
    expect(changes.map((c) => c.path)).to.deep.equal(['src/forms.ts']);
    const after = await ws.read('src/forms.ts');
    expect(after).to.include('/**\n * Enables patches.\n */\nexport function enablePatches(): void {}');
    expect(jsdocProblems('src/forms.ts', after)).to.deep.equal([]);
    expect(tsdocMessages(source, after).messages).to.deep.equal([]);
  });

  it('refuses a selection with no source file; parts a build step did not make are nothing to document', async () => {
    const refusal = await ws.refusal('documentation.inline', { include: ['nothing/**'] });
    expect(refusal.code).to.equal('documentation_refused');
    const { result, changes } = await ws.apply('documentation.inline', { subjects: ['DashboardPage'] });
    expect(changes).to.deep.equal([]);
    expect(result.summary).to.equal('No source file for DashboardPage; nothing to document.');
  });
});
