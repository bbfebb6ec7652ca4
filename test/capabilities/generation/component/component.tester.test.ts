/**
 * generation.component's tester suite: a React component with props and a handler in the sample's
 * folder, export and Tailwind styling; a Vue SFC (typed props, emits, scoped style) and a Svelte 5
 * component (runes, callback props) with their tests; refusals (not PascalCase, an existing file, a
 * React-only styling in Svelte); input schema.
 */
import { CapabilityTester } from '../../../../core/tester/index.js';
import { fixturePath } from '../../support/sample-runs.js';

// src/components/Badge.tsx (+ Badge.test.tsx): named export, Tailwind classes, semicolons, single quotes.
const REACT_TAILWIND = fixturePath('generation', 'react-vite-tailwind-vitest');
// src/components/StatusPill.vue: <script setup lang="ts">, <style scoped>, no semicolons.
const VUE_TS = fixturePath('generation', 'vue-vite-vitest-ts');
// src/lib/Greeting.svelte: Svelte 5 runes in JavaScript, tabs, no prettier-plugin-svelte.
const SVELTE_JS = fixturePath('generation', 'svelte-vite-vitest');

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
        name: 'Vue: a <script setup lang="ts"> SFC with typed props, an emitted event and scoped styles, and its Testing Library test',
        fixture: VUE_TS,
        input: { name: 'OrderRow', props: [{ name: 'total', type: 'number' }], handlers: [{ name: 'onCancel' }] },
        changes: {
          'src/components/OrderRow.vue': {
            contains: [
              '<script setup lang="ts">\ninterface Props {\n  total: number\n}\n\ndefineProps<Props>()\nconst emit = defineEmits<{\n  cancel: []\n}>()',
              '<h2 class="order-row__title">{{ total }}</h2>',
              `<button class="order-row__button" type="button" @click="emit('cancel')">Cancel</button>`,
              '<style scoped>',
            ],
          },
          'src/components/OrderRow.test.ts': {
            contains: ["import OrderRow from './OrderRow.vue'", "expect(emitted()['cancel']).toEqual([[]])"],
          },
        },
      },
      {
        name: 'Svelte 5: a runes component with a callback prop, its test, the .svelte file left as the template writes it (no prettier-plugin-svelte)',
        fixture: SVELTE_JS,
        input: { name: 'OrderRow', props: [{ name: 'total', type: 'number' }], handlers: [{ name: 'onCancel' }] },
        changes: {
          'src/lib/OrderRow.svelte': {
            contains: [
              '\t/** @type {{ total: number, onCancel: () => void }} */\n\tlet { total, onCancel } = $props()\n',
              '<button class="order-row__button" type="button" onclick={() => onCancel()}>Cancel</button>',
            ],
          },
          'src/lib/OrderRow.test.js': {
            contains: ["import OrderRow from './OrderRow.svelte'", 'expect(onCancel).toHaveBeenCalledTimes(1)'],
          },
        },
      },
      {
        name: 'Svelte: css-modules is refused (Svelte scopes its <style> block)',
        fixture: SVELTE_JS,
        input: { name: 'OrderRow', styling: 'css-modules' },
        error: { code: 'invalid_input', message: "styling: a Svelte component's <style> block is scoped by Svelte" },
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
