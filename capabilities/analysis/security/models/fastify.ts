/** Fastify: `request` members are input (as Express's); `reply.send` of HTML, `reply.redirect`. */
import type { LibraryModel } from './types.js';

const REPLY = '(^|\\.)reply$';

export const model: LibraryModel = {
  id: 'fastify',
  title: 'Fastify',
  modules: ['fastify'],
  sources: { requestTypes: ['FastifyRequest'] },
  sinks: [
    {
      ruleId: 'security/reflected-xss',
      kind: 'html',
      callee: { method: ['send'] },
      args: [0],
      when: 'htmlShape',
      requires: 'htmlInCallee',
      fix: 'Escape the value before sending it as HTML.',
    },
    {
      ruleId: 'security/reflected-xss',
      kind: 'html',
      callee: { method: ['send', 'write', 'end'], receiver: REPLY },
      args: [0],
      when: 'htmlShapeAndText',
      requires: 'notNonHtmlType',
      fix: 'Escape the value before sending it as HTML.',
    },
    {
      ruleId: 'security/open-redirect',
      kind: 'redirect',
      callee: { method: ['redirect'], receiver: REPLY },
      args: 'nonNumeric',
      when: 'openHost',
      fix: 'Redirect to a path of your own site or to an allow-listed host.',
    },
  ],
};
