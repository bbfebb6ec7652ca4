/** HTML escapers and sanitisers (escape-html, he, html-entities, xss, sanitize-html, DOMPurify): safe for HTML sinks only. */
import type { LibraryModel } from './types.js';

export const model: LibraryModel = {
  id: 'html-sanitizers',
  title: 'HTML escapers and sanitisers',
  modules: ['escape-html', 'he', 'html-entities', 'xss', 'sanitize-html', 'dompurify', 'isomorphic-dompurify', 'entities', 'lodash.escape'],
  sanitizers: [
    {
      names: [
        'escapeHtml',
        'escapeHTML',
        'htmlEscape',
        'he.encode',
        'he.escape',
        'encodeHTML',
        'DOMPurify.sanitize',
        'purify.sanitize',
        'sanitizeHtml',
        'xss',
        'filterXSS',
        'xss.filterXSS',
        'entities.encode',
        'entities.encodeHTML',
      ],
      kinds: ['html'],
    },
    { callee: { module: ['escape-html', 'xss', 'sanitize-html', 'lodash.escape'], path: [''] }, kinds: ['html'] },
    { callee: { module: ['he', 'html-entities', 'entities'], path: ['encode', 'escape', 'encodeHTML', 'escapeUTF8'] }, kinds: ['html'] },
    { callee: { module: ['dompurify', 'isomorphic-dompurify'], path: ['sanitize', '().sanitize'] }, kinds: ['html'] },
    { methods: ['sanitize'], kinds: ['html'] },
  ],
};
