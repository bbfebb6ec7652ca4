/** The fetch API (global, node-fetch, undici, cross-fetch): a URL from input makes the server request any host (SSRF). */
import type { LibraryModel } from './types.js';
import { SSRF_FIX } from './http-fix.js';

const MODULES = ['node-fetch', 'undici', 'cross-fetch', 'isomorphic-fetch', 'make-fetch-happen'];

export const model: LibraryModel = {
  id: 'fetch',
  title: 'fetch (global, node-fetch, undici)',
  modules: MODULES,
  sinks: [
    {
      ruleId: 'security/ssrf',
      kind: 'ssrf',
      callee: { global: ['fetch', 'globalThis.fetch'] },
      args: [0],
      members: ['url', 'href'],
      when: 'openUrl',
      fix: SSRF_FIX,
    },
    {
      ruleId: 'security/ssrf',
      kind: 'ssrf',
      callee: { module: MODULES, path: ['', 'fetch', 'request', 'Request'] },
      construct: true,
      args: [0],
      members: ['url', 'href', 'origin'],
      when: 'openUrl',
      fix: SSRF_FIX,
    },
  ],
};
