/** WebSocket clients (browser WebSocket, ws, socket.io-client): a URL from input connects anywhere. */
import type { LibraryModel } from './types.js';
import { SSRF_FIX } from './http-fix.js';

export const model: LibraryModel = {
  id: 'websocket',
  title: 'WebSocket and socket.io clients',
  modules: ['ws', 'socket.io-client'],
  sinks: [
    {
      ruleId: 'security/ssrf',
      kind: 'ssrf',
      callee: { global: ['WebSocket', 'EventSource'] },
      construct: 'only',
      args: [0],
      when: 'openUrl',
      fix: SSRF_FIX,
    },
    {
      ruleId: 'security/ssrf',
      kind: 'ssrf',
      callee: { module: ['ws'], path: ['', 'WebSocket'] },
      construct: 'only',
      args: [0],
      when: 'openUrl',
      fix: SSRF_FIX,
    },
    {
      ruleId: 'security/ssrf',
      kind: 'ssrf',
      callee: { module: ['socket.io-client'], path: ['', 'io', 'connect'] },
      args: [0],
      when: 'openUrl',
      fix: SSRF_FIX,
    },
  ],
};
