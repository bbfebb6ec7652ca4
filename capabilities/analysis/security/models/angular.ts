/** Angular: `DomSanitizer.bypassSecurityTrust*` turns Angular's own sanitising off for the value it marks as trusted. */
import type { LibraryModel } from './types.js';

export const model: LibraryModel = {
  id: 'angular',
  title: 'Angular',
  modules: ['@angular/platform-browser', '@angular/core'],
  sinks: [
    {
      ruleId: 'security/dom-xss',
      kind: 'html',
      callee: {
        method: [
          'bypassSecurityTrustHtml',
          'bypassSecurityTrustScript',
          'bypassSecurityTrustStyle',
          'bypassSecurityTrustUrl',
          'bypassSecurityTrustResourceUrl',
        ],
      },
      args: [0],
      dom: true,
      fix: 'Let Angular sanitise the value (bind it without bypassSecurityTrust*), or sanitise it with DOMPurify first.',
    },
  ],
};
