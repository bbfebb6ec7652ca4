/**
 * lodash (and underscore): `template` compiles code; deep merges and path setters write attacker keys
 * (`__proto__`, `constructor.prototype`) into objects; `escape`, `escapeRegExp` and `pick` sanitise.
 */
import type { LibraryModel } from './types.js';
import { TEMPLATE_FIX } from './template-fix.js';

const LODASH = ['lodash', 'lodash-es', 'underscore'];
const single = (name: string): string[] => [`lodash.${name.toLowerCase()}`, `lodash/${name}`, `lodash-es/${name}`];
export const PROTO_FIX =
  'Refuse `__proto__`, `constructor` and `prototype` keys (or merge into Object.create(null)); copy only known keys from input.';

export const model: LibraryModel = {
  id: 'lodash',
  title: 'lodash and underscore',
  modules: [...LODASH, ...['merge', 'mergeWith', 'defaultsDeep', 'set', 'setWith', 'template'].flatMap(single)],
  assumedLocals: ['_'],
  sinks: [
    {
      ruleId: 'security/template-injection',
      kind: 'template',
      callee: { module: LODASH, path: ['template'] },
      args: [0],
      fix: TEMPLATE_FIX,
    },
    {
      ruleId: 'security/template-injection',
      kind: 'template',
      callee: { module: single('template'), path: [''] },
      args: [0],
      fix: TEMPLATE_FIX,
    },
    {
      ruleId: 'security/prototype-pollution',
      kind: 'proto',
      callee: { module: LODASH, path: ['merge', 'mergeWith', 'defaultsDeep'] },
      args: 'rest',
      when: 'notString',
      fix: PROTO_FIX,
    },
    {
      ruleId: 'security/prototype-pollution',
      kind: 'proto',
      callee: { module: ['merge', 'mergeWith', 'defaultsDeep'].flatMap(single), path: [''] },
      args: 'rest',
      when: 'notString',
      fix: PROTO_FIX,
    },
    {
      ruleId: 'security/prototype-pollution',
      kind: 'proto',
      callee: { module: LODASH, path: ['set', 'setWith', 'update', 'updateWith'] },
      args: [1],
      fix: PROTO_FIX,
    },
    {
      ruleId: 'security/prototype-pollution',
      kind: 'proto',
      callee: { module: ['set', 'setWith'].flatMap(single), path: [''] },
      args: [1],
      fix: PROTO_FIX,
    },
    {
      ruleId: 'security/prototype-pollution',
      kind: 'proto',
      callee: { module: LODASH, path: ['zipObjectDeep'] },
      args: [0],
      fix: PROTO_FIX,
    },
  ],
  sanitizers: [
    { names: ['_.escape', 'lodash.escape'], callee: { module: LODASH, path: ['escape'] }, kinds: ['html'] },
    { callee: { module: single('escape'), path: [''] }, kinds: ['html'] },
    {
      names: ['_.escapeRegExp', 'lodash.escapeRegExp', 'escapeRegExp', 'escapeRegex', 'escapeStringRegexp', 'regexEscape', 'escapeRegexp'],
      callee: { module: LODASH, path: ['escapeRegExp'] },
      kinds: ['regex'],
    },
    { callee: { module: ['lodash.escaperegexp', 'escape-string-regexp', 'escape-regexp', 'regexp.escape'], path: [''] }, kinds: ['regex'] },
    { names: ['_.pick', 'lodash.pick', 'pick'], callee: { module: LODASH, path: ['pick'] }, kinds: ['mass', 'proto', 'nosql'] },
    { callee: { module: ['lodash.pick'], path: [''] }, kinds: ['mass', 'proto', 'nosql'] },
  ],
};
