/** validator.js: conversions (`toInt`) end a flow; `escape` is an HTML escape; `is*` checks are guards (../taint/guards.ts). */
import type { LibraryModel } from './types.js';

export const model: LibraryModel = {
  id: 'validator',
  title: 'validator.js',
  modules: ['validator'],
  sanitizers: [
    {
      names: ['validator.toInt', 'validator.toFloat', 'validator.toBoolean', 'validator.toDate'],
      callee: { module: ['validator'], path: ['toInt', 'toFloat', 'toBoolean', 'toDate'] },
      kinds: 'all',
    },
    { names: ['validator.escape'], callee: { module: ['validator'], path: ['escape'] }, kinds: ['html', 'sql'] },
  ],
};
