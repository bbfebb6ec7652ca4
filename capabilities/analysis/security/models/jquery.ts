/** jQuery: HTML-writing methods and `$(html)` build DOM from markup; `$.extend(true, ...)` merges deeply. */
import type { LibraryModel } from './types.js';

const JQ = '^(\\$|jQuery)(\\(\\))?(\\.|$)|^\\$\\w+$';
const FIX = 'Use .text() or sanitise with DOMPurify.sanitize() first.';

export const model: LibraryModel = {
  id: 'jquery',
  title: 'jQuery',
  modules: ['jquery'],
  sinks: [
    {
      ruleId: 'security/dom-xss',
      kind: 'html',
      callee: { method: ['html', 'append', 'prepend', 'after', 'before', 'replaceWith', 'wrap', 'wrapAll', 'wrapInner'], receiver: JQ },
      args: [0],
      fix: FIX,
    },
    {
      ruleId: 'security/dom-xss',
      kind: 'html',
      callee: { global: ['$', 'jQuery', '$.parseHTML', 'jQuery.parseHTML'] },
      args: [0],
      fix: 'Select with a constant selector; build elements with text, not markup from input.',
    },
    {
      ruleId: 'security/prototype-pollution',
      kind: 'proto',
      callee: { global: ['$.extend', 'jQuery.extend'] },
      args: 'rest',
      when: 'notString',
      requires: 'deepFlag',
      fix: 'Copy only known keys, or refuse `__proto__`, `constructor` and `prototype` keys before a deep merge.',
    },
  ],
};
