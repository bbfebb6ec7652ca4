/** generation.config's planning data: which configs a task names ("set up a github actions ci workflow" -> ci). */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'gen-config',
      label: 'generate tooling config',
      keywords: 'config=3,configuration=3,tsconfig=3.5,eslint config=4,prettier=3,editorconfig=3.5,ci workflow=4,github actions=4,ci=2.5',
    },
  ],
  strategy: 'generate',
  scope: false,
  generates: { kind: 'config', api: false, workflow: false },
  // Tool configuration changes no program behaviour: the diff is reviewed, no test run follows.
  behaviourNeutral: true,
  summary: 'Write {values} consistent with the project',
  valuesFallback: 'the tooling configs the project lacks',
  fields: [
    {
      field: 'files',
      from: 'vocabulary',
      vocabulary: [
        { value: 'tsconfig', phrases: ['tsconfig', 'typescript config', 'typescript configuration', 'compiler options'] },
        { value: 'eslint', phrases: ['eslint', 'lint config', 'linter config', 'linting'] },
        { value: 'prettier', phrases: ['prettier', 'formatter', 'formatting config'] },
        { value: 'editorconfig', phrases: ['editorconfig', 'editor config'] },
        { value: 'ci', phrases: ['ci', 'github actions', 'workflow', 'pipeline', 'continuous integration'] },
      ],
    },
  ],
};
