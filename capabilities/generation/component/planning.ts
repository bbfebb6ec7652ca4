/** generation.component's planning data: the gen-component intent and the build workflow (parts, tests, docs); name, framework and fields ("with props name: string") from the task (fields become props). */
import type { CapabilityPlanning } from '../../../core/index.js';
import { FRAMEWORK_VOCABULARY } from '../kit/framework-vocabulary.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'gen-component',
      label: 'generate a component',
      keywords: 'component=2.5,page=2.5,screen=2.5,widget=2.5,ui=1.5,view=1.5,card=1.5,modal=2,dialog=2,navbar=2,sidebar=2,dashboard=2.5',
    },
  ],
  strategy: 'generate',
  generates: {
    kind: 'component',
    api: false,
    workflow: true,
    parts: true,
  },
  fields: [
    {
      field: 'name',
      from: 'new-name',
      kind: 'component',
      fallback: 'NewComponent',
    },
    {
      field: 'framework',
      from: 'framework',
      vocabulary: FRAMEWORK_VOCABULARY,
    },
    {
      field: 'fields',
      from: 'fields',
    },
  ],
};
