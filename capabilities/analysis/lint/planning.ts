/** analysis.lint's planning data. */
import type { CapabilityPlanning } from '../../../core/index.js';

export const PLANNING: CapabilityPlanning = {
  intents: [
    {
      id: 'lint',
      label: 'run the linter',
      keywords: 'lint,linter,linting,eslint,style issues=2.5',
    },
  ],
  strategy: 'scope',
  stepTitle: 'ESLint',
};
