/**
 * PENDING planning cases: phrasings for capabilities that are not built yet (the entries of
 * capabilities/planned.ts). Only their recognition is asserted (kind and capability ids; the unbuilt
 * steps shown unavailable, from the entries of capabilities/planned.ts); their expected inputs are what
 * the planner's former hard-coded guesses drafted, not a contract, and are not compared.
 *
 * Whoever builds one of these capabilities moves its cases into the capability's own folder
 * (`capabilities/<group>/<name>/planning-corpus.json`, a JSON array collected by corpus.test.ts),
 * adjusting the expected inputs to the capability's real inputSchema, and makes them pass with its
 * planning data alone (deleting its entry in capabilities/planned.ts).
 */
import type { CorpusCase } from './corpus-case.js';

const R = 'react-ts-app' as const;

const PAGE_WORKFLOW = [
  'analysis.structure',
  'generation.component',
  'generation.component',
  'generation.component',
  'testing.component',
  'testing.component',
  'testing.component',
  // documentation.inline (registered) documents each generated part: its input takes one symbol.
  'documentation.inline',
  'documentation.inline',
  'documentation.inline',
  // documentation.examples (registered) gives examples of each generated part: its input takes one symbol.
  'documentation.examples',
  'documentation.examples',
  'documentation.examples',
  // generation.component is built (it writes): the agent checks its output with the verify-writes step.
  'refactoring.verify',
];

export const PENDING_CASES: CorpusCase[] = [
  // generation and the build workflow
  {
    fixture: R,
    task: 'build a user profile page with an avatar and a form',
    expect: {
      kind: 'plan',
      capabilities: PAGE_WORKFLOW,
      inputs: { 'generation.component': { name: 'UserProfilePage', framework: 'react' } },
    },
  },
  {
    fixture: R,
    task: 'Build me a settings page with a theme picker and a notifications panel',
    expect: { kind: 'plan', capabilities: PAGE_WORKFLOW, inputs: { 'generation.component': { name: 'SettingsPage' } } },
  },
  {
    fixture: R,
    task: 'implement a dashboard page',
    expect: {
      kind: 'plan',
      capabilities: [
        'analysis.structure',
        'generation.component',
        'testing.component',
        'documentation.inline',
        'documentation.examples',
        'refactoring.verify',
      ],
      inputs: { 'generation.component': { name: 'DashboardPage' } },
    },
  },
  {
    fixture: R,
    task: 'create a React component called ProfileCard',
    expect: {
      kind: 'plan',
      capabilities: ['generation.component', 'refactoring.verify'],
      inputs: { 'generation.component': { name: 'ProfileCard', framework: 'react' } },
    },
  },
  {
    fixture: R,
    task: 'generate a ProfileCard component with props name: string and age: number',
    expect: {
      kind: 'plan',
      capabilities: ['generation.component', 'refactoring.verify'],
      inputs: {
        'generation.component': {
          name: 'ProfileCard',
          fields: [
            { name: 'name', type: 'string', optional: false },
            { name: 'age', type: 'number', optional: false },
          ],
        },
      },
    },
  },
  {
    fixture: R,
    task: 'write a custom hook useDebounce',
    expect: {
      kind: 'plan',
      capabilities: ['generation.hook', 'refactoring.verify'],
      inputs: { 'generation.hook': { name: 'useDebounce' } },
    },
  },
  {
    fixture: R,
    task: 'generate a hook for fetching tasks',
    expect: { kind: 'plan', capabilities: ['generation.hook', 'refactoring.verify'] },
  },
  {
    fixture: R,
    task: 'build a login screen without tests',
    expect: {
      kind: 'plan',
      capabilities: ['analysis.structure', 'generation.component', 'documentation.inline', 'documentation.examples', 'refactoring.verify'],
      inputs: { 'generation.component': { name: 'LoginScreen' } },
    },
  },
  { fixture: R, task: 'build something', expect: { kind: 'question' } },
  { fixture: R, task: 'implement it', expect: { kind: 'question' } },
  // follow-ups of generation plans
  {
    fixture: R,
    turns: ['build a user profile page with an avatar and a form'],
    task: 'call it ProfileCard instead',
    expect: {
      kind: 'plan',
      capabilities: [
        'analysis.structure',
        'generation.component',
        'generation.component',
        'generation.component',
        'testing.component',
        'testing.component',
        'testing.component',
        'documentation.inline',
        'documentation.inline',
        'documentation.inline',
        'documentation.examples',
        'documentation.examples',
        'documentation.examples',
        'refactoring.verify',
      ],
      inputs: { 'generation.component': { name: 'ProfileCard' } },
    },
  },
];
