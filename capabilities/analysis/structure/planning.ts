/** analysis.structure's planning data: the structure rules named in prose; the build workflow's first step (role 'build-structure'). */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'structure',
      label: 'analyse the project structure',
      keywords:
        'structure,structured=2.5,orphan,circular import,layout=2,organization=2.5,organisation=2.5,organized=2.5,organised=2.5,mixed concerns,architecture=1.5',
    },
  ],
  strategy: 'scope',
  stepTitle: 'Project structure',
  roles: ['build-structure'],
  fields: [
    {
      field: 'rules.enable',
      from: 'vocabulary',
      vocabulary: [
        {
          value: 'structure/circular-import',
          phrases: ['circular', 'cycle', 'cyclic'],
        },
        {
          value: 'structure/orphan-file',
          phrases: ['orphan', 'unused file'],
        },
        {
          value: 'structure/mixed-concerns',
          phrases: ['mixed concern'],
        },
        {
          value: 'structure/mixed-tests',
          phrases: ['mixed test', 'tests mixed'],
        },
        {
          value: 'structure/deep-folder',
          phrases: ['deep folder', 'folder depth', 'nested folder'],
        },
      ],
    },
  ],
};
