/** debugging.trace's planning data. */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'debug-trace',
      label: 'trace calls and values',
      keywords: 'trace=3.5,who calls=4.5,callers=4.5,call graph=4.5,usages=3.5,references=2.5,where come from=4,data flow=3.5',
    },
  ],
  strategy: 'scope',
  summary: 'Trace calls and values of {subject}',
  fields: [
    {
      field: 'description',
      from: 'task',
    },
    {
      field: 'symbol',
      from: 'symbol',
    },
  ],
};
