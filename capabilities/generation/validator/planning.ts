/** generation.validator's planning data: "create a zod validator for OrderInput", "a type guard for User". */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'gen-validator',
      family: 'generation',
      label: 'generate a runtime validator',
      keywords: 'validator=3.5,validation=2.5,zod=3,yup=3,ajv=3,type guard=4,runtime check=3.5',
    },
  ],
  strategy: 'generate',
  generates: { kind: 'validator', api: true, workflow: false },
  fields: [
    // the type to validate: an existing declaration, so the task's name is taken as written (PascalCase)
    { field: 'name', from: 'new-name', kind: 'component', fallback: 'GeneratedType' },
    // one library (the input takes a single value): the last phrase that occurs wins
    { field: 'library', from: 'phrase', phrases: ['type guard', 'hand written guard', 'without a dependency'], value: 'guard' },
    { field: 'library', from: 'phrase', phrases: ['ajv', 'json schema'], value: 'ajv' },
    { field: 'library', from: 'phrase', phrases: ['zod'], value: 'zod' },
    { field: 'tests', from: 'phrase', phrases: ['with tests', 'and tests', 'with a test', 'and a test'], value: true },
  ],
};
