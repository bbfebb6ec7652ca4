/** got and ky: `got(url)`, `got.get/post(url)`, `got.extend({ prefixUrl })`. */
import type { LibraryModel } from './types.js';
import { SSRF_FIX } from './http-fix.js';

const METHODS = ['', 'get', 'post', 'put', 'patch', 'delete', 'head', 'stream', 'paginate'];

export const model: LibraryModel = {
  id: 'got',
  title: 'got and ky',
  modules: ['got', 'ky', 'ky-universal'],
  sinks: [
    {
      ruleId: 'security/ssrf',
      kind: 'ssrf',
      callee: { module: ['got', 'ky', 'ky-universal'], path: METHODS },
      args: [0],
      members: ['url', 'prefixUrl'],
      when: 'openUrl',
      fix: SSRF_FIX,
    },
  ],
};
