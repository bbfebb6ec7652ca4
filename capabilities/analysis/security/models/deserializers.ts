/** Deserializers that run code: node-serialize and serialize-to-js revive functions (`_$$ND_FUNC$$_`) with eval. */
import type { LibraryModel } from './types.js';

const FIX = 'Never deserialize input with a format that can hold functions; parse JSON and validate it.';

export const model: LibraryModel = {
  id: 'deserializers',
  title: 'node-serialize, serialize-to-js, funcster',
  modules: ['node-serialize', 'serialize-to-js', 'funcster', 'cryo'],
  sinks: [
    {
      ruleId: 'security/code-injection',
      kind: 'code',
      callee: { module: ['node-serialize'], path: ['unserialize'] },
      args: [0],
      label: 'node-serialize unserialize()',
      fix: FIX,
    },
    {
      ruleId: 'security/code-injection',
      kind: 'code',
      callee: { module: ['serialize-to-js'], path: ['deserialize'] },
      args: [0],
      fix: FIX,
    },
    { ruleId: 'security/code-injection', kind: 'code', callee: { module: ['funcster'], path: ['deepDeserialize'] }, args: [0], fix: FIX },
    { ruleId: 'security/code-injection', kind: 'code', callee: { module: ['cryo'], path: ['parse'] }, args: [0], fix: FIX },
  ],
};
