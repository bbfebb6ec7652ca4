/**
 * generation.hook on the two React fixtures: every kind generated into one copy, then the projects'
 * real checks on the output — tsc --noEmit (fixture tsconfig; the second is strict with
 * exactOptionalPropertyTypes and noUncheckedIndexedAccess), ESLint with the fixture's config
 * (react-hooks rules), Prettier --check, and the generated renderHook tests in the fixture's vitest.
 */
import { expect } from 'chai';
import { run as hook } from '../../../../capabilities/generation/hook.js';
import type { HookInput } from '../../../../capabilities/generation/hook/input.js';
import { checkProject, copyFixture, failures, generate, MODULES_TABS, TAILWIND, type Copy } from '../component/react-fixture.js';
import { refusal } from '../refusal.js';
import { HOOKS } from './hook-specs.js';

describe('generation.hook', function () {
  this.timeout(180_000);
  const copies: Copy[] = [];
  after(() => Promise.all(copies.map((c) => c.remove())));

  async function generateAll(fixture: string, hooks: HookInput[]): Promise<{ copy: Copy; files: Map<string, string> }> {
    const copy = await copyFixture(fixture);
    copies.push(copy);
    const files = new Map<string, string>();
    for (const input of hooks) for (const [p, c] of (await generate(hook, copy.root, input)).files) files.set(p, c);
    return { copy, files };
  }

  it('React + Tailwind + vitest: all six kinds, named exports in src/hooks; tsc, ESLint, Prettier clean and 12 renderHook tests pass', async () => {
    const { copy, files } = await generateAll(TAILWIND, HOOKS);
    expect([...files.keys()].filter((f) => !f.includes('.test.')).sort()).to.deep.equal(HOOKS.map((h) => `src/hooks/${h.name}.ts`).sort());
    expect(files.get('src/hooks/useTheme.ts')).to.include(
      "export function useTheme(key = 'theme', initial: 'light' | 'dark' = INITIAL): UseThemeResult {",
    );
    expect(files.get('src/hooks/useSearchTerm.ts')).to.include('export function useSearchTerm<T>(value: T, delayMs = 250): T {');
    expect(files.get('src/hooks/useUsers.test.ts')).to.include("import { afterEach, describe, expect, it, vi } from 'vitest';");
    const tests = [...files.keys()].filter((f) => f.includes('.test.'));
    const checks = await checkProject(copy.root, [...files.keys()], tests);
    expect(failures(checks)).to.equal('');
    expect(checks.tests!.output).to.match(/Test Files\s+6 passed \(6\)/);
    expect(checks.tests!.output).to.match(/Tests\s+12 passed \(12\)/);
  });

  it('React + CSS modules, tabs, no semicolons, strict tsconfig, vitest globals: default exports as the project has them; all checks clean (four kinds here; the bench runs all six on both stacks)', async () => {
    const hooks: HookInput[] = [
      { name: 'useOpen', initial: true },
      { name: 'useCounter' },
      { name: 'useStoredPrefs', type: '{ dark: boolean }', initial: { dark: false }, key: 'app:prefs' },
      { name: 'useFetchJson' },
    ];
    const { copy, files } = await generateAll(MODULES_TABS, hooks);
    const source = files.get('app/hooks/useOpen.ts')!;
    expect(source).to.match(/^export default function useOpen\(initial = true\): UseOpenResult \{$/m);
    expect(source).to.match(/^\tconst \[value, setValue\] = useState\(initial\)$/m);
    expect(files.get('app/hooks/useFetchJson.test.ts')).not.to.include('from "vitest"');
    const tests = [...files.keys()].filter((f) => f.includes('.test.'));
    const checks = await checkProject(copy.root, [...files.keys()], tests);
    expect(failures(checks)).to.equal('');
    expect(checks.tests!.output).to.match(/Tests\s+9 passed \(9\)/);
  });

  it('refuses names against the Rules of Hooks, kinds it cannot read, types and initial values that do not fit, and an existing export', async () => {
    const copy = await copyFixture(TAILWIND);
    copies.push(copy);
    const go = (input: HookInput) => refusal(generate(hook, copy.root, input));
    expect(await go({ name: 'toggle', kind: 'toggle' })).to.deep.equal({
      code: 'invalid_input',
      message: 'name: a React hook\'s name starts with "use" followed by a capital letter (Rules of Hooks), e.g. "useToggle"',
    });
    expect((await go({ name: 'useProfile' })).message).to.match(
      /^kind: which kind of hook is useProfile\? One of toggle, counter, state, localStorage, debounce, fetch/,
    );
    expect((await go({ name: 'useName', kind: 'state', type: 'string', initial: 3 })).message).to.equal(
      'initial: 3 is not a value of type string',
    );
    expect((await go({ name: 'useUser', kind: 'state', type: 'User', initial: {} })).message).to.match(
      /^type: "User" is not a built-in or React type/,
    );
    expect((await go({ name: 'useName', kind: 'state', type: 'string; export const x = 1', initial: '' })).message).to.match(
      /^type: "string; export const x = 1" is not a TypeScript type/,
    );
    expect(await go({ name: 'useOnline', kind: 'toggle', directory: 'src/lib' })).to.deep.equal({
      code: 'invalid_input',
      message: 'name: src/hooks/useOnline.ts already exports useOnline; choose another name',
    });
    const existing = await go({ name: 'useOnline', kind: 'toggle' });
    expect(existing.code).to.equal('generation_refused');
    expect(existing.message).to.match(/^src\/hooks\/useOnline\.ts already exists with other content; nothing was staged/);
    expect((await go({ name: 'useFlag', kind: 'toggle', type: 'string' })).message).to.match(/^type: a toggle hook has no type to set/);
  });
});
