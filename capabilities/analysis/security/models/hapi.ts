/** hapi: `request.payload`, `request.query`, `request.params`, `request.state` are input; `h.response(html)` and `h.redirect(url)` are sinks. */
import type { LibraryModel } from './types.js';

const H = '^(h|toolkit|reply)$';

export const model: LibraryModel = {
  id: 'hapi',
  title: 'hapi',
  modules: ['@hapi/hapi', 'hapi'],
  sources: {
    requestTypes: ['Hapi\\.Request', 'Request'],
    requestMembers: {
      payload: { kind: 'body', whole: 'object' },
      state: { kind: 'cookies', whole: 'object' },
    },
  },
  sinks: [
    {
      ruleId: 'security/reflected-xss',
      kind: 'html',
      callee: { method: ['response'], receiver: H },
      args: [0],
      when: 'htmlText',
      fix: 'Escape the value or answer an object (sent as JSON).',
    },
    {
      ruleId: 'security/open-redirect',
      kind: 'redirect',
      callee: { method: ['redirect'], receiver: H },
      args: [0],
      when: 'openHost',
      fix: 'Redirect to a path of your own site or to an allow-listed host.',
    },
    {
      ruleId: 'security/path-traversal',
      kind: 'path',
      callee: { method: ['file', 'view'], receiver: H },
      args: [0],
      fix: 'Map the request to a fixed list of files, or use path.basename.',
    },
  ],
};
