/** axios: `axios(url | { url })`, `axios.get/post/...(url)`, instances created with `axios.create({ baseURL })`. */
import type { LibraryModel } from './types.js';
import { SSRF_FIX } from './http-fix.js';

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'request', 'getUri', 'postForm', 'putForm'];

export const model: LibraryModel = {
  id: 'axios',
  title: 'axios',
  modules: ['axios'],
  sinks: [
    {
      ruleId: 'security/ssrf',
      kind: 'ssrf',
      callee: { module: ['axios'], path: ['', ...METHODS, ...METHODS.map((m) => `create().${m}`)] },
      args: [0],
      members: ['url', 'baseURL'],
      when: 'openUrl',
      fix: SSRF_FIX,
    },
    {
      ruleId: 'security/ssrf',
      kind: 'ssrf',
      callee: { module: ['axios'], path: ['create'] },
      args: [0],
      members: ['baseURL'],
      when: 'openUrl',
      fix: SSRF_FIX,
    },
  ],
};
