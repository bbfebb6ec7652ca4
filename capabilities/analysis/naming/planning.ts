/** analysis.naming's planning data. */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'naming',
      label: 'check naming',
      keywords: 'naming!=3,names!=2.5,name convention,naming convention,camelcase,pascalcase,identifier=2,variable names',
    },
  ],
  strategy: 'scope',
  stepTitle: 'Naming conventions',
};
