/** debugging.diagnose's planning data: the 'diagnose' stage of the debug strategy. */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'debug-diagnose',
      label: 'diagnose an error',
      keywords:
        'diagnose=4,debug=3.5,root cause=4,crash=3,crashes=3,exception=2.5,stack trace=3.5,error=2,bug=2.5,failing=2,throw=3,throws=3,thrown=3,throwing=3',
    },
  ],
  strategy: 'debug',
  debug: {
    stage: 'diagnose',
    verb: 'Diagnose',
  },
};
