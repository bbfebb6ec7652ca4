/** Express (and Connect-style handlers): request members and methods are input; responses, redirects and files are sinks. */
import type { LibraryModel } from './types.js';

const RES = '(^|\\.)(res|response|resp)$';

export const model: LibraryModel = {
  id: 'express',
  title: 'Express',
  modules: ['express', 'router'],
  sources: {
    requestNames: ['req', 'request'],
    requestTypes: ['Request', 'express\\.Request', 'IncomingMessage', 'http\\.IncomingMessage'],
    requestMembers: {
      body: { kind: 'body', whole: 'object' },
      query: { kind: 'query', whole: 'object' },
      params: { kind: 'params', whole: 'object' },
      headers: { kind: 'headers', whole: 'object' },
      cookies: { kind: 'cookies', whole: 'object' },
      signedCookies: { kind: 'cookies', whole: 'object' },
      files: { kind: 'body', whole: 'object' },
      file: { kind: 'body', whole: 'object' },
      url: { kind: 'url', whole: 'string' },
      originalUrl: { kind: 'url', whole: 'string' },
      path: { kind: 'url', whole: 'string' },
    },
    requestMethods: { get: 'headers', header: 'headers', param: 'params' },
    routeMethods: ['get', 'post', 'put', 'patch', 'delete', 'all', 'use', 'options', 'head', 'route'],
  },
  sinks: [
    // Express sends a string as text/html; an explicit non-HTML type makes the browser render it as text.
    {
      ruleId: 'security/reflected-xss',
      kind: 'html',
      callee: { method: ['send'], receiver: RES },
      args: [0],
      when: 'htmlShape',
      requires: 'notNonHtmlType',
      fix: 'Escape the value (escape-html) or answer JSON with res.json().',
    },
    {
      ruleId: 'security/reflected-xss',
      kind: 'html',
      callee: { method: ['write', 'end'], receiver: RES },
      args: [0],
      when: 'htmlShapeAndText',
      requires: 'notNonHtmlType',
      fix: 'Escape the value before writing it into HTML.',
    },
    {
      ruleId: 'security/open-redirect',
      kind: 'redirect',
      callee: { method: ['redirect'], receiver: RES },
      args: 'nonNumeric',
      when: 'openHost',
      fix: 'Redirect to a path of your own site or to an allow-listed host.',
    },
    {
      ruleId: 'security/open-redirect',
      kind: 'redirect',
      callee: { method: ['location'], receiver: RES },
      args: [0],
      when: 'openHost',
      fix: 'Set Location only to a path of your own site or an allow-listed host.',
    },
    {
      ruleId: 'security/open-redirect',
      kind: 'redirect',
      callee: { method: ['set', 'setHeader', 'header'], receiver: RES },
      args: [1],
      when: 'openHost',
      requires: 'locationHeader',
      fix: 'Set Location only to a path of your own site or an allow-listed host.',
    },
    {
      ruleId: 'security/open-redirect',
      kind: 'redirect',
      callee: { method: ['writeHead'], receiver: RES },
      args: [1, 2],
      members: ['Location', 'location'],
      when: 'openHost',
      fix: 'Set Location only to a path of your own site or an allow-listed host.',
    },
    // `send` refuses `..` when a root is given, so `res.sendFile(name, { root })` is safe.
    {
      ruleId: 'security/path-traversal',
      kind: 'path',
      callee: { method: ['sendFile', 'download'], receiver: RES },
      args: [0],
      requires: 'noRootOption',
      fix: 'Use res.sendFile(name, { root }) or path.basename(name).',
    },
    // A view name from the request reads any template file; a whole request object as locals sets view options (hbs `layout`).
    {
      ruleId: 'security/path-traversal',
      kind: 'path',
      callee: { method: ['render'], receiver: RES },
      args: [0],
      fix: 'Map the request to a fixed list of view names.',
    },
    {
      ruleId: 'security/path-traversal',
      kind: 'path',
      callee: { method: ['render'], receiver: RES },
      args: [1],
      when: 'wholeObject',
      label: 'res.render() locals',
      fix: 'Pass the template only the fields it shows, never a whole request object (view options such as `layout` read files).',
    },
  ],
};
