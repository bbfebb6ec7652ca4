/** debugging.typecheck's planning data: it covers the other debugging intents of a task ("fix the type errors" is not also a diagnosis). */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'debug-typecheck',
      label: 'type-check the project',
      exclusive: true,
      keywords: 'typecheck=4.5,type check=4.5,type error=4.5,type errors=4.5,tsc=4,compile error=4,compiler error=4,type checking=4.5',
    },
  ],
  strategy: 'scope',
  scope: false,
  summary: 'Run the TypeScript compiler, group and explain its diagnostics',
};
