/** generation.component's tester suite: a component with props and a handler in the sample's folder, export and Tailwind styling; refusals (not PascalCase, an existing file); input schema. */
import { CapabilityTester } from '../../../../core/tester/index.js';
import { fixturePath } from '../../support/sample-runs.js';

// src/components/Badge.tsx (+ Badge.test.tsx): named export, Tailwind classes, semicolons, single quotes.
const REACT_TAILWIND = fixturePath('generation', 'react-vite-tailwind-vitest');

describe('capabilities/generation/component cases', function () {
  this.timeout(60_000);
  new CapabilityTester({ capability: 'generation.component' }).run({
    invalid: [
      {
        name: 'typed props and a callback button, placed, exported and styled as the sample components (test: false)',
        fixture: REACT_TAILWIND,
        input: { name: 'UserCard', props: [{ name: 'title', type: 'string' }], handlers: [{ name: 'onSave' }], test: false },
        changes: {
          'src/components/UserCard.tsx': {
            contains: [
              'export interface UserCardProps {\n  title: string;\n  onSave: () => void;\n}',
              'export function UserCard({ title, onSave }: UserCardProps) {',
              '<h2 className="text-lg font-semibold">{title}</h2>',
              'onClick={() => onSave()}',
            ],
            notContains: 'export default',
          },
        },
      },
      {
        name: 'a name that is not PascalCase',
        fixture: REACT_TAILWIND,
        input: { name: 'userCard' },
        error: { code: 'invalid_input', message: 'a component name starts with a capital letter (PascalCase)' },
      },
      {
        name: 'the files of an existing component are refused',
        fixture: REACT_TAILWIND,
        input: { name: 'Badge' },
        error: {
          code: 'generation_refused',
          message: 'src/components/Badge.tsx, src/components/Badge.test.tsx already exist with other content',
        },
      },
    ],
    inputErrors: [
      { name: 'no name', input: { props: [] }, message: "must have required property 'name'" },
      { name: 'a name that is no identifier', input: { name: 'User-Card' }, message: '/name must match pattern' },
      {
        name: 'an unknown state type',
        input: { name: 'Pager', state: [{ name: 'page', type: 'bigint' }] },
        message: '/state/0/type must be equal to one of the allowed values',
      },
    ],
  });
});
