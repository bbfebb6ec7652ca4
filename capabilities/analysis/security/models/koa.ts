/** Koa: the context `ctx` of a middleware or router callback is the request (`ctx.request.body`, `ctx.query`, `ctx.params`); `ctx.body =` answers, `ctx.redirect` redirects. */
import type { LibraryModel } from './types.js';

const CTX = '(^|\\.)(ctx|context)$';

export const model: LibraryModel = {
  id: 'koa',
  title: 'Koa',
  modules: ['koa', 'koa-router', '@koa/router', 'koa-body', 'koa-bodyparser'],
  sources: {
    requestNamesImported: ['ctx', 'context'],
    requestTypes: ['Context', 'Koa\\.Context', 'ParameterizedContext', 'RouterContext', 'Koa\\.ParameterizedContext'],
    requestMembers: {
      querystring: { kind: 'query', whole: 'string' },
      search: { kind: 'query', whole: 'string' },
      href: { kind: 'url', whole: 'string' },
      header: { kind: 'headers', whole: 'object' },
    },
  },
  sinks: [
    {
      ruleId: 'security/open-redirect',
      kind: 'redirect',
      callee: { method: ['redirect'], receiver: CTX },
      args: [0],
      when: 'openHost',
      fix: 'Redirect to a path of your own site or to an allow-listed host.',
    },
  ],
  // Koa answers a string body as text/html when it starts with `<`.
  assignmentSinks: [
    {
      ruleId: 'security/reflected-xss',
      kind: 'html',
      property: ['body'],
      receiver: CTX,
      when: 'htmlText',
      fix: 'Escape the value before putting it into the HTML body.',
    },
  ],
};
