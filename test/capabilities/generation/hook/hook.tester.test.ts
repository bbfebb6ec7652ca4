/** generation.hook's tester suite: a toggle hook and its renderHook test placed, exported and formatted as the sample's hooks; refusals (Rules of Hooks name, a kind the name does not give); input schema. */
import { CapabilityTester } from '../../../../core/tester/index.js';
import { fixturePath } from '../../support/sample-runs.js';

// app/hooks/useWindowWidth.ts (default export), vitest, Prettier: tabs, no semicolons, double quotes.
const REACT_TABS = fixturePath('generation', 'react-cssmodules-tabs');

describe('capabilities/generation/hook cases', function () {
  this.timeout(60_000);
  new CapabilityTester({ capability: 'generation.hook' }).run({
    invalid: [
      {
        name: 'the kind read from the name (useDisclosure: toggle), next to the sample hook, default export, its style',
        fixture: REACT_TABS,
        input: { name: 'useDisclosure' },
        changes: {
          'app/hooks/useDisclosure.ts': {
            contains: [
              'import { useCallback, useState } from "react"\n',
              'export interface UseDisclosureResult {\n\tvalue: boolean\n',
              'export default function useDisclosure(initial = false): UseDisclosureResult {',
            ],
            notContains: [';\n', "'react'"],
          },
          'app/hooks/useDisclosure.test.ts': {
            contains: [
              'import { act, renderHook } from "@testing-library/react"\n',
              'import useDisclosure from "./useDisclosure"\n',
              'act(() => result.current.toggle())',
            ],
            notContains: ';\n',
          },
        },
      },
      {
        name: 'a name that breaks the Rules of Hooks',
        fixture: REACT_TABS,
        input: { name: 'disclosure', kind: 'toggle' },
        error: { code: 'invalid_input', message: 'starts with "use" followed by a capital letter' },
      },
      {
        name: 'no kind and a name that does not give one',
        fixture: REACT_TABS,
        input: { name: 'useThing' },
        error: { code: 'invalid_input', message: 'which kind of hook is useThing?' },
      },
    ],
    inputErrors: [
      { name: 'no name', input: { kind: 'toggle' }, message: "must have required property 'name'" },
      {
        name: 'an unknown kind',
        input: { name: 'useReducerThing', kind: 'reducer' },
        message: '/kind must be equal to one of the allowed values',
      },
      { name: 'a negative delay', input: { name: 'useDebouncedValue', kind: 'debounce', delayMs: -1 }, message: '/delayMs must be >= 0' },
    ],
  });
});
