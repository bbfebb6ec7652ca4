/**
 * Deep-merge and path-setting packages (deepmerge, merge-deep, deep-extend, mixin-deep, merge, extend,
 * defaults-deep, set-value, dot-prop, object-path, dset, @hapi/hoek): input keys reach
 * `Object.prototype` unless the package refuses `__proto__` (versions differ: model the call, not the version).
 */
import type { LibraryModel } from './types.js';
import { PROTO_FIX } from './lodash.js';

export const model: LibraryModel = {
  id: 'deep-merge',
  title: 'deep-merge and path-setter packages',
  modules: [
    'deepmerge',
    'merge-deep',
    'deep-extend',
    'mixin-deep',
    'merge',
    'extend',
    'defaults-deep',
    'set-value',
    'dot-prop',
    'object-path',
    'dset',
    '@hapi/hoek',
    'hoek',
    'just-extend',
    'merge-options',
  ],
  sinks: [
    {
      ruleId: 'security/prototype-pollution',
      kind: 'proto',
      callee: { module: ['deepmerge', 'merge-deep', 'deep-extend', 'mixin-deep', 'defaults-deep', 'merge-options'], path: ['', 'all'] },
      args: 'all',
      when: 'notString',
      fix: PROTO_FIX,
    },
    {
      ruleId: 'security/prototype-pollution',
      kind: 'proto',
      callee: { module: ['merge'], path: ['recursive'] },
      args: 'all',
      when: 'notString',
      fix: PROTO_FIX,
    },
    {
      ruleId: 'security/prototype-pollution',
      kind: 'proto',
      callee: { module: ['extend', 'just-extend'], path: [''] },
      args: 'rest',
      when: 'notString',
      requires: 'deepFlag',
      fix: PROTO_FIX,
    },
    {
      ruleId: 'security/prototype-pollution',
      kind: 'proto',
      callee: { module: ['@hapi/hoek', 'hoek'], path: ['merge', 'applyToDefaults'] },
      args: 'rest',
      when: 'notString',
      fix: PROTO_FIX,
    },
    {
      ruleId: 'security/prototype-pollution',
      kind: 'proto',
      callee: { module: ['set-value', 'dset'], path: ['', 'dset'] },
      args: [1],
      fix: PROTO_FIX,
    },
    {
      ruleId: 'security/prototype-pollution',
      kind: 'proto',
      callee: { module: ['dot-prop', 'object-path'], path: ['set', 'setProperty', 'push', 'insert', 'ensureExists'] },
      args: [1],
      fix: PROTO_FIX,
    },
  ],
};
