/** Node's http/https modules: outgoing requests to a URL or host from input are server-side request forgery. */
import type { LibraryModel } from './types.js';

const FIX = 'Build the URL from a fixed base and allow-list the host; never let the request choose where the server connects.';

export const model: LibraryModel = {
  id: 'node-http',
  title: 'Node http / https',
  modules: ['http', 'https', 'node:http', 'node:https', 'http2', 'node:http2'],
  sinks: [
    {
      ruleId: 'security/ssrf',
      kind: 'ssrf',
      callee: { module: ['http', 'https', 'node:http', 'node:https'], path: ['request', 'get'] },
      args: [0],
      members: ['host', 'hostname', 'url', 'href', 'origin'],
      when: 'openUrl',
      fix: FIX,
    },
    {
      ruleId: 'security/ssrf',
      kind: 'ssrf',
      callee: { module: ['http2', 'node:http2'], path: ['connect'] },
      args: [0],
      when: 'openUrl',
      fix: FIX,
    },
  ],
};
