/** generation.types' planning data: "generate TypeScript types/interfaces called X [with a:string, ...]". */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'gen-types',
      family: 'generation',
      label: 'generate TypeScript types',
      keywords: 'types=2.5,typings=3,interface=2,interfaces=2,type definition=3.5,typescript type=3.5,json schema=2,json sample=2.5',
    },
  ],
  strategy: 'generate',
  generates: { kind: 'types', api: true, workflow: false },
  fields: [
    // PascalCase: a type name ("a user profile type" -> UserProfile)
    { field: 'name', from: 'new-name', kind: 'component', fallback: 'GeneratedType' },
    { field: 'fields', from: 'fields' },
  ],
};
