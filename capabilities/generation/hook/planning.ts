/** generation.hook's planning data: the gen-hook intent ("hook", "composable"); name and framework from the task, the kind from its verbs ("fetching", "debounced", "persisted"), else from the hook name (hook/input.ts). */
import type { CapabilityPlanning } from '../../../core/index.js';
import { FRAMEWORK_VOCABULARY } from '../kit/framework-vocabulary.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'gen-hook',
      label: 'generate a hook (React hook, Vue composable, Svelte runes module)',
      keywords: 'hook=3,custom hook=4,composable=4',
    },
  ],
  strategy: 'generate',
  generates: {
    kind: 'hook',
    api: false,
    workflow: false,
  },
  fields: [
    {
      field: 'name',
      from: 'new-name',
      kind: 'hook',
      fallback: 'useNewHook',
    },
    {
      field: 'framework',
      from: 'framework',
      vocabulary: FRAMEWORK_VOCABULARY,
    },
    {
      field: 'kind',
      from: 'phrase',
      phrases: ['toggle', 'toggles', 'open close', 'show hide'],
      value: 'toggle',
    },
    {
      field: 'kind',
      from: 'phrase',
      phrases: ['counter', 'counts'],
      value: 'counter',
    },
    {
      field: 'kind',
      from: 'phrase',
      phrases: ['debounce', 'debounced', 'debounces'],
      value: 'debounce',
    },
    {
      field: 'kind',
      from: 'phrase',
      phrases: ['local storage', 'localstorage', 'persist', 'persists', 'persisted'],
      value: 'localStorage',
    },
    {
      field: 'kind',
      from: 'phrase',
      phrases: ['fetch', 'fetches', 'fetching', 'loads from', 'from the api'],
      value: 'fetch',
    },
  ],
};
