/** shell-quote and shell-escape: quoting makes each value one shell word. */
import type { LibraryModel } from './types.js';

export const model: LibraryModel = {
  id: 'shell-quote',
  title: 'shell-quote, shell-escape',
  modules: ['shell-quote', 'shell-escape', 'shescape'],
  sanitizers: [
    { names: ['shellEscape', 'shellescape', 'shellQuote.quote', 'quote', 'shescape.quote', 'escapeShellArg'], kinds: ['command'] },
    { callee: { module: ['shell-quote'], path: ['quote'] }, kinds: ['command'] },
    { callee: { module: ['shell-escape'], path: [''] }, kinds: ['command'] },
    { callee: { module: ['shescape'], path: ['quote', 'quoteAll', 'escape', 'Shescape().quote'] }, kinds: ['command'] },
  ],
};
