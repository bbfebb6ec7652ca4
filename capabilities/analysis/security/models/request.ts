/** request, needle, superagent, phin, bent: the classic Node HTTP clients. */
import type { LibraryModel } from './types.js';
import { SSRF_FIX } from './http-fix.js';

const VERBS = ['get', 'post', 'put', 'patch', 'del', 'delete', 'head'];

export const model: LibraryModel = {
  id: 'request',
  title: 'request, needle, superagent, phin',
  modules: ['request', 'request-promise', 'request-promise-native', 'needle', 'superagent', 'phin', 'bent'],
  sinks: [
    {
      ruleId: 'security/ssrf',
      kind: 'ssrf',
      callee: { module: ['request', 'request-promise', 'request-promise-native', 'phin'], path: ['', ...VERBS] },
      args: [0],
      members: ['url', 'uri', 'baseUrl'],
      when: 'openUrl',
      fix: SSRF_FIX,
    },
    { ruleId: 'security/ssrf', kind: 'ssrf', callee: { module: ['superagent'], path: VERBS }, args: [0], when: 'openUrl', fix: SSRF_FIX },
    {
      ruleId: 'security/ssrf',
      kind: 'ssrf',
      callee: { module: ['superagent', 'needle'], path: [''] },
      args: [1],
      when: 'openUrl',
      fix: SSRF_FIX,
    },
    { ruleId: 'security/ssrf', kind: 'ssrf', callee: { module: ['needle'], path: VERBS }, args: [0], when: 'openUrl', fix: SSRF_FIX },
  ],
};
