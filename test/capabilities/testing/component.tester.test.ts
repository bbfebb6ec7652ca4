/** testing.component's tester suite: nothing named, no permission (nothing generated, said so), the generated Button test, refusals (not a component, no Testing Library, no DOM environment, an existing test file, a missing file) and input schema. */
import { expect } from 'chai';
import path from 'node:path';
import { CapabilityTester } from '../../../core/tester/index.js';
import { fixturePath, REPO } from '../support/sample-runs.js';

const REACT = { fixture: fixturePath('testing', 'react-vitest-components'), nodeModules: path.join(REPO, 'node_modules') };
const BUTTON = [
  'export function Button({ label, onClick }: { label: string; onClick: () => void }) {',
  '  return <button onClick={onClick}>{label}</button>;',
  '}',
  '',
].join('\n');
const project = (devDependencies: Record<string, string>): Record<string, string> => ({
  'package.json': `${JSON.stringify({ name: 'p', type: 'module', scripts: { test: 'vitest run' }, dependencies: { react: '19.3.1' }, devDependencies }, null, 2)}\n`,
  'tsconfig.json': '{ "compilerOptions": { "jsx": "react-jsx", "strict": true } }\n',
  'src/Button.tsx': BUTTON,
});

const withConfig = (config: string): Record<string, string> => ({
  ...project({ vitest: '4.1.12', jsdom: '27.4.0', '@testing-library/react': '16.3.3' }),
  ...(config ? { 'vitest.config.ts': config } : {}),
});
const WRAPPED = [
  "import { forwardRef, memo } from 'react';",
  '',
  'export const Chip = memo(({ text, onRemove }: { text: string; onRemove: () => void }) => (',
  '  <span>',
  '    {text}',
  '    <button onClick={() => onRemove()}>Remove</button>',
  '  </span>',
  '));',
  '',
  'export const Field = forwardRef<HTMLInputElement, { label: string }>(({ label }, ref) => <input ref={ref} aria-label={label} placeholder={label} />);',
  '',
].join('\n');
const LINKED = { nodeModules: path.join(REPO, 'node_modules') };

describe('testing.component cases', function () {
  this.timeout(120_000);
  new CapabilityTester({ capability: 'testing.component' }).run({
    valid: [
      {
        name: 'no component named: nothing generated, said so (notRun)',
        ...REACT,
        projectCode: true,
        check: (outcome) => {
          expect(outcome.result!.summary).to.match(/^No tests were generated: name the component/);
          expect(outcome.result!.notRun).to.deep.equal([{ part: 'generation', reason: 'no component named (component, symbol)' }]);
        },
      },
      {
        name: 'without the project-code permission: the tests are not run, nothing generated (notRun)',
        ...REACT,
        input: { component: 'src/components/Button.tsx' },
        check: (outcome) => {
          expect(outcome.result!.notRun).to.deep.equal([
            { part: 'generation', reason: 'project code not allowed (the generated tests run the component)' },
          ]);
          expect(outcome.result!.data).to.deep.equal({
            component: 'Button',
            file: 'src/components/Button.tsx',
            testFile: 'src/components/Button.test.tsx',
            drafted: 2,
            generated: false,
            projectCode: false,
          });
        },
      },
      {
        name: 'the build workflow: the component and its test were staged by an earlier step (generation.component); that test stands, nothing added',
        ...REACT,
        projectCode: true,
        staged: [
          {
            path: 'src/components/Card.tsx',
            content: 'export function Card({ title }: { title: string }) {\n  return <h2>{title}</h2>;\n}\n',
          },
          { path: 'src/components/Card.test.tsx', content: '// the test generation.component wrote\n' },
        ],
        input: { symbol: 'Card' },
        allowChanges: true,
        check: (outcome) => {
          expect(outcome.result!.summary).to.equal(
            'No tests were added for Card: src/components/Card.test.tsx was written by an earlier step of this job (with the component) and is left as it is; run the tests to check it.',
          );
          expect(outcome.result!.notRun).to.equal(undefined);
        },
      },
    ],
    invalid: [
      {
        name: "Button: its label shown and its onClick called, in the project's vitest style beside the component",
        ...REACT,
        projectCode: true,
        input: { symbol: 'Button' },
        changes: {
          'src/components/Button.test.tsx': {
            contains: [
              "import { cleanup, fireEvent, render, screen } from '@testing-library/react';",
              "import { afterEach, describe, expect, it, vi } from 'vitest';",
              "import { Button } from './Button';",
              'afterEach(cleanup);',
              'render(<Button label="Test label" onClick={vi.fn()} />);',
              "expect(screen.getByText('Test label').tagName).toBe('BUTTON');",
              "fireEvent.click(screen.getByRole('button', { name: 'Test label' }));",
              'expect(onClick).toHaveBeenCalledTimes(1);',
            ],
          },
        },
      },
      {
        name: 'vitest globals configured and no test importing vitest: no runner import, cleanup left to Testing Library',
        files: withConfig(
          "import { defineConfig } from 'vitest/config';\n\nexport default defineConfig({ test: { environment: 'jsdom', globals: true } });\n",
        ),
        ...LINKED,
        projectCode: true,
        input: { component: 'src/Button.tsx' },
        changes: {
          'src/Button.test.tsx': {
            // No Prettier config and no code to infer a style from: Prettier's defaults (double quotes).
            contains: ['import { fireEvent, render, screen } from "@testing-library/react";', 'expect(onClick).toHaveBeenCalledTimes(1);'],
            notContains: ["from 'vitest'", 'afterEach', '@vitest-environment'],
          },
        },
      },
      {
        name: 'jsdom installed but no environment configured: the file names it in a docblock',
        files: withConfig(''),
        ...LINKED,
        projectCode: true,
        input: { component: 'src/Button.tsx' },
        changes: {
          'src/Button.test.tsx': {
            contains: ['/** @vitest-environment jsdom */', 'import { afterEach, describe, expect, it, vi } from "vitest";'],
          },
        },
      },
      {
        name: 'node16 module resolution: the component is imported with its .js extension, and runs',
        files: {
          ...withConfig(
            "import { defineConfig } from 'vitest/config';\n\nexport default defineConfig({ test: { environment: 'jsdom' } });\n",
          ),
          'tsconfig.json':
            '{ "compilerOptions": { "module": "node16", "moduleResolution": "node16", "jsx": "react-jsx", "strict": true } }\n',
        },
        ...LINKED,
        projectCode: true,
        input: { component: 'src/Button.tsx' },
        changes: {
          'src/Button.test.tsx': { contains: ['import { Button } from "./Button.js";', 'expect(onClick).toHaveBeenCalledTimes(1);'] },
        },
      },
      {
        name: 'components wrapped in memo and forwardRef<Ref, Props>: the wrapped function and its props are read',
        files: { ...withConfig(''), 'src/Wrapped.tsx': WRAPPED },
        ...LINKED,
        projectCode: true,
        input: { component: 'src/Wrapped.tsx', export: 'Chip' },
        changes: {
          'src/Wrapped.test.tsx': {
            contains: [
              'render(<Chip text="Test text" onRemove={onRemove} />);',
              "fireEvent.click(screen.getByRole('button', { name: 'Remove' }));",
              'expect(onRemove).toHaveBeenCalledWith();',
            ],
          },
        },
      },
      {
        name: 'a forwardRef component that renders no text and calls no callback: nothing to assert, refused',
        files: { ...withConfig(''), 'src/Wrapped.tsx': WRAPPED },
        projectCode: true,
        input: { component: 'src/Wrapped.tsx', export: 'Field' },
        error: { code: 'generation_refused', message: 'No behaviour of Field could be read for an assertion' },
      },
      {
        name: 'a module that is not a component',
        ...REACT,
        projectCode: true,
        input: { component: 'src/lib/format.ts' },
        error: { code: 'invalid_input', message: 'component: src/lib/format.ts exports no React function component' },
      },
      {
        name: 'a project without @testing-library/react: refused, nothing installed',
        files: project({ vitest: '4.1.12', jsdom: '27.4.0' }),
        projectCode: true,
        input: { component: 'src/Button.tsx' },
        error: { code: 'no_test_runner', message: '@testing-library/react is not a dependency of the project' },
      },
      {
        name: 'a project without a DOM environment',
        files: project({ vitest: '4.1.12', '@testing-library/react': '16.3.3' }),
        projectCode: true,
        input: { component: 'src/Button.tsx' },
        error: { code: 'no_test_runner', message: 'no DOM environment: neither jsdom nor happy-dom is a dependency' },
      },
      {
        name: 'a component whose test file exists: the project’s own tests are not overwritten',
        ...REACT,
        projectCode: true,
        input: { component: 'src/components/Badge.tsx' },
        error: { code: 'generation_refused', message: 'src/components/Badge.test.tsx already exists' },
      },
      {
        name: 'a file that does not exist',
        ...REACT,
        input: { component: 'src/components/Missing.tsx' },
        error: { code: 'invalid_input', message: 'component: src/components/Missing.tsx does not exist' },
      },
    ],
    inputErrors: [
      { name: 'two files in include', input: { include: ['a.tsx', 'b.tsx'] }, message: '/include must NOT have more than 1 items' },
      { name: 'an unknown field', input: { component: 'a.tsx', runner: 'mocha' }, message: 'must NOT have additional properties' },
    ],
  });
});
