/** One hook of each kind, as the React, Vue and Svelte hook tests generate them. */
import type { HookInput } from '../../../../capabilities/generation/hook/input.js';

export const HOOKS: HookInput[] = [
  { name: 'useDisclosure', kind: 'toggle' },
  { name: 'useLikes', kind: 'counter', initial: 3 },
  { name: 'useFilter', kind: 'state', type: '{ query: string; done: boolean }', initial: { query: '', done: false } },
  { name: 'useTheme', kind: 'localStorage', type: "'light' | 'dark'", initial: 'light' },
  { name: 'useSearchTerm', kind: 'debounce', delayMs: 250 },
  { name: 'useUsers', kind: 'fetch', type: '{ id: number; name: string }[]' },
];
