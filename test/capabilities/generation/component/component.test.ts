/**
 * generation.component on two real React stacks — React + Vite + Tailwind + vitest (semicolons, two
 * spaces, named exports) and React + CSS modules (tabs, no semicolons, double quotes, default exports,
 * a strict tsconfig, vitest globals) — with the projects' real checks on what it writes: tsc --noEmit
 * under the fixture's tsconfig, ESLint with the fixture's config (react-hooks rules), Prettier --check,
 * and the generated Testing Library test run by the fixture's vitest.
 */
import path from 'node:path';
import { expect } from 'chai';
import { run as component } from '../../../../capabilities/generation/component.js';
import type { ComponentInput } from '../../../../capabilities/generation/component/input.js';
import { checkProject, copyFixture, failures, generate, MODULES_TABS, TAILWIND, type Copy } from './react-fixture.js';
import { refusal } from '../refusal.js';

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

describe('generation.component', function () {
  this.timeout(120_000);
  const copies: Copy[] = [];
  after(() => Promise.all(copies.map((c) => c.remove())));

  it('React + Vite + Tailwind + vitest: a named-export component with Tailwind classes and a passing test; tsc, ESLint and Prettier clean', async () => {
    const copy = await copyFixture(TAILWIND);
    copies.push(copy);
    const { result, files } = await generate(component, copy.root, card);
    expect([...files.keys()].sort()).to.deep.equal(['src/components/UserCard.test.tsx', 'src/components/UserCard.tsx']);
    const source = files.get('src/components/UserCard.tsx')!;
    expect(source).to.match(/^export interface UserCardProps \{/m);
    expect(source).to.match(/^export function UserCard\(\{/m);
    expect(source).to.include('className="flex flex-col gap-2');
    expect(source).to.include("subtitle = 'No role yet'");
    expect(source).to.include("data-active={active ? '' : undefined}");
    expect(source).not.to.match(/^export default/m);
    const test = files.get('src/components/UserCard.test.tsx')!;
    expect(test).to.include("import { afterEach, describe, expect, it, vi } from 'vitest';");
    expect(test).to.include('afterEach(cleanup);');
    expect(result.data).to.deep.include({ styling: 'tailwind', exportStyle: 'named', runner: 'vitest' });
    expect(result.summary).to.match(/not type-checked, linted or run by this step/);

    const checks = await checkProject(copy.root, [...files.keys()], ['src/components/UserCard.test.tsx']);
    expect(failures(checks)).to.equal('');
    expect(checks.tests!.output).to.match(/Tests\s+10 passed \(10\)/);
  });

  it('React + CSS modules, tabs and no semicolons: a default-export component with its CSS module and a globals test; all checks clean', async () => {
    const copy = await copyFixture(MODULES_TABS);
    copies.push(copy);
    const { files, result } = await generate(component, copy.root, { ...card, name: 'ProfileCard' });
    expect([...files.keys()].sort()).to.deep.equal([
      'app/ui/ProfileCard.module.css',
      'app/ui/ProfileCard.test.tsx',
      'app/ui/ProfileCard.tsx',
    ]);
    const source = files.get('app/ui/ProfileCard.tsx')!;
    expect(source).to.include('import styles from "./ProfileCard.module.css"');
    expect(source).to.match(/^type ProfileCardProps = \{$/m);
    expect(source).to.match(/^export default function ProfileCard\(\{/m);
    expect(source).to.match(/^\tconst \[expanded, setExpanded\] = useState\(false\)$/m);
    expect(source).not.to.match(/;\s*$/m);
    expect(files.get('app/ui/ProfileCard.module.css')).to.match(/^\.root \{\n\tdisplay: flex;/);
    const test = files.get('app/ui/ProfileCard.test.tsx')!;
    expect(test).to.include('import ProfileCard from "./ProfileCard"');
    expect(test).not.to.include('from "vitest"');
    expect(result.data).to.deep.include({ styling: 'css-modules', exportStyle: 'default' });

    const checks = await checkProject(copy.root, [...files.keys()], ['app/ui/ProfileCard.test.tsx']);
    expect(failures(checks)).to.equal('');
    expect(checks.tests!.output).to.match(/Tests\s+10 passed \(10\)/);
  });

  it('refuses bad names, unknown or malformed types, defaults that do not fit, duplicate labels and an existing export with invalid_input', async () => {
    const copy = await copyFixture(TAILWIND);
    copies.push(copy);
    const go = (input: ComponentInput) => refusal(generate(component, copy.root, input));
    expect(await go({ name: 'userCard' })).to.deep.equal({
      code: 'invalid_input',
      message: 'name: a component name starts with a capital letter (PascalCase), e.g. "UserCard"',
    });
    expect((await go({ name: 'Card', props: [{ name: 'class', type: 'string' }] })).message).to.equal(
      'props.0.name: "class" is a reserved word',
    );
    expect((await go({ name: 'Card', props: [{ name: 'user', type: 'User' }] })).message).to.match(
      /^props\.0\.type: "User" is not a built-in or React type: write the type inline/,
    );
    expect((await go({ name: 'Card', props: [{ name: 'size', type: "'sm' | " }] })).message).to.match(
      /^props\.0\.type: "'sm' \|" is not a TypeScript type/,
    );
    expect((await go({ name: 'Card', props: [{ name: 'size', type: "'sm' | 'lg'", default: 'xl' }] })).message).to.equal(
      `props.0.default: "xl" is not a value of type 'sm' | 'lg' (defaults are JSON values of string, number, boolean, ReactNode or literal-union props)`,
    );
    expect((await go({ name: 'Card', handlers: [{ name: 'save' }] })).message).to.match(
      /^handlers\.0\.name: "save" is not a handler prop name: on followed by a capital letter \(e\.g\. "onSave"\)/,
    );
    expect((await go({ name: 'Card', handlers: [{ name: 'onSave', payload: 'draft' }] })).message).to.equal(
      'handlers.0.payload: "draft" is neither a prop nor a state entry of the component',
    );
    expect((await go({ name: 'Card', state: [{ name: 'open', type: 'boolean' }], handlers: [{ name: 'onOpen' }] })).message).to.match(
      /^handlers\.0\.label: the label "Open" is also state\.0\.name's/,
    );
    expect((await go({ name: 'Card', props: [{ name: 'range', type: '[number, number]' }] })).message).to.match(
      /^props: none of the props is shown/,
    );
    expect(await go({ name: 'Badge', directory: 'src/ui' })).to.deep.equal({
      code: 'invalid_input',
      message: 'name: src/components/Badge.tsx already exports Badge; choose another name',
    });
    expect((await go({ name: 'Card', framework: 'vue' } as ComponentInput)).code).to.equal('generation_refused');
  });

  it('never overwrites: an existing file is refused (generation_refused), or proposed as a diff with onExisting: "propose"', async () => {
    const copy = await copyFixture(TAILWIND);
    copies.push(copy);
    const refused = await refusal(generate(component, copy.root, { name: 'Badge', props: [{ name: 'label', type: 'string' }] }));
    expect(refused.code).to.equal('generation_refused');
    expect(refused.message).to.match(
      /^src\/components\/Badge\.tsx, src\/components\/Badge\.test\.tsx already exist with other content; nothing was staged/,
    );
    const proposed = await generate(component, copy.root, {
      name: 'Badge',
      props: [{ name: 'label', type: 'string' }],
      onExisting: 'propose',
      test: false,
    });
    expect((proposed.result.data as { files: unknown }).files).to.deep.equal([{ path: 'src/components/Badge.tsx', status: 'changed' }]);
  });

  it("uses the project's template override with the project-code permission, and says it ignored it without", async () => {
    const copy = await copyFixture(TAILWIND);
    copies.push(copy);
    const { mkdir, writeFile } = await import('node:fs/promises');
    await mkdir(path.join(copy.root, '.agentd/templates/component'), { recursive: true });
    await writeFile(
      path.join(copy.root, '.agentd/templates/component/component.tsx.eta'),
      'export function <%= it.name %>() {\n  return <p>custom <%= it.placeholderTitle %></p>;\n}\n',
    );
    const without = await generate(component, copy.root, { name: 'Hello', test: false });
    expect(without.files.get('src/components/Hello.tsx')).to.include('<h2 className="text-lg font-semibold">Hello</h2>');
    expect(without.result.summary).to.include('.agentd/templates/component/component.tsx.eta was not used: templates run code');
    const copy2 = await copyFixture(TAILWIND);
    copies.push(copy2);
    await mkdir(path.join(copy2.root, '.agentd/templates/component'), { recursive: true });
    await writeFile(
      path.join(copy2.root, '.agentd/templates/component/component.tsx.eta'),
      'export function <%= it.name %>() {\n  return <p>custom <%= it.placeholderTitle %></p>;\n}\n',
    );
    const withCode = await generate(component, copy2.root, { name: 'Hello', test: false }, true);
    expect(withCode.files.get('src/components/Hello.tsx')).to.equal('export function Hello() {\n  return <p>custom Hello</p>;\n}\n');
  });
});
