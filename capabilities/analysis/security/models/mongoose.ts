/** Mongoose: filters with request objects (via the MongoDB model), `$where`, and documents built from a whole request body. */
import type { LibraryModel } from './types.js';

const MODEL = '^[A-Z][A-Za-z0-9]*$|(^|\\.)models?\\.[A-Z]\\w*$';
const MASS_FIX = 'Pick the fields the user may set; never construct or update a document from the whole request body.';

export const model: LibraryModel = {
  id: 'mongoose',
  title: 'Mongoose',
  modules: ['mongoose'],
  sinks: [
    {
      ruleId: 'security/mass-assignment',
      kind: 'mass',
      callee: { method: ['create', 'insertMany'], receiver: MODEL, notImported: ['^sequelize', '^typeorm$'] },
      args: [0],
      when: 'wholeObject',
      fix: MASS_FIX,
    },
    {
      ruleId: 'security/mass-assignment',
      kind: 'mass',
      callee: {
        method: ['findByIdAndUpdate', 'findOneAndUpdate', 'updateOne', 'updateMany', 'update', 'replaceOne'],
        receiver: MODEL,
        notImported: ['^sequelize', '^typeorm$'],
      },
      args: [1],
      when: 'wholeObject',
      fix: MASS_FIX,
    },
    {
      ruleId: 'security/mass-assignment',
      kind: 'mass',
      callee: { method: ['set', 'overwrite'], receiver: '^(doc|document|user|account|item|record|entity)$', imported: ['^mongoose$'] },
      args: [0],
      when: 'wholeObject',
      fix: MASS_FIX,
    },
    {
      ruleId: 'security/mass-assignment',
      kind: 'mass',
      callee: { newOf: '^[A-Z][A-Za-z0-9]*$', imported: ['^mongoose$', '(^|/)models?(/|$)', '\\.model(\\.[jt]s)?$'] },
      construct: 'only',
      args: [0],
      when: 'wholeObject',
      fix: MASS_FIX,
    },
  ],
};
