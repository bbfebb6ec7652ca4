/** The browser DOM: the URL, referrer and cookies are input; HTML sinks, script navigation and `window.open` are sinks. */
import type { LibraryModel } from './types.js';

const HTML_FIX = 'Use textContent, or sanitise with DOMPurify.sanitize() first.';
const NAV_FIX = 'Navigate only to paths of your own site or allow-listed hosts; refuse `javascript:` URLs.';
const locations = ['location', 'window.location', 'document.location'];

export const model: LibraryModel = {
  id: 'browser-dom',
  title: 'Browser DOM',
  modules: [],
  sources: {
    globals: Object.fromEntries([
      ...locations.flatMap((l) => ['search', 'hash', 'href', 'pathname'].map((m) => [`${l}.${m}`, 'dom'])),
      ...['document.URL', 'document.documentURI', 'document.baseURI', 'document.referrer', 'document.cookie', 'window.name'].map((g) => [
        g,
        'dom',
      ]),
    ]),
  },
  sinks: [
    {
      ruleId: 'security/dom-xss',
      kind: 'html',
      callee: { global: ['document.write', 'document.writeln', 'window.document.write'] },
      args: [0],
      dom: true,
      fix: HTML_FIX,
    },
    { ruleId: 'security/dom-xss', kind: 'html', callee: { method: ['insertAdjacentHTML'] }, args: [1], dom: true, fix: HTML_FIX },
    { ruleId: 'security/dom-xss', kind: 'html', callee: { method: ['createContextualFragment'] }, args: [0], fix: HTML_FIX },
    {
      ruleId: 'security/open-redirect',
      kind: 'redirect',
      callee: { global: [...locations.flatMap((l) => [`${l}.assign`, `${l}.replace`]), 'window.open'] },
      args: [0],
      when: 'openHost',
      fix: NAV_FIX,
    },
  ],
  assignmentSinks: [
    { ruleId: 'security/dom-xss', kind: 'html', property: ['innerHTML', 'outerHTML'], dom: true, fix: HTML_FIX },
    {
      ruleId: 'security/open-redirect',
      kind: 'redirect',
      target: [...locations, ...locations.map((l) => `${l}.href`)],
      when: 'openHost',
      fix: NAV_FIX,
    },
  ],
};
