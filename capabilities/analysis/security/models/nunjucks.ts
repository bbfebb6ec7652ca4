/** Nunjucks: compiling or rendering a template whose source comes from input runs code on the server (template injection). */
import type { LibraryModel } from './types.js';
import { TEMPLATE_FIX } from './template-fix.js';

export const model: LibraryModel = {
  id: 'nunjucks',
  title: 'Nunjucks',
  modules: ['nunjucks'],
  sinks: [
    {
      ruleId: 'security/template-injection',
      kind: 'template',
      callee: {
        module: ['nunjucks'],
        path: ['renderString', 'compile', 'Template', 'Environment().renderString', 'configure().renderString'],
      },
      construct: true,
      args: [0],
      fix: TEMPLATE_FIX,
    },
  ],
  options: [
    {
      callee: { module: ['nunjucks'], path: ['configure'] },
      arg: 1,
      option: 'autoescape',
      is: ['false'],
      ruleId: 'security/xss-autoescape-disabled',
      message: 'Nunjucks configured with autoescape: false: template output is raw HTML.',
      fix: 'Keep autoescape on (the default); use the `safe` filter only on sanitised values.',
    },
    {
      callee: { module: ['nunjucks'], path: ['configure'] },
      arg: 0,
      option: 'autoescape',
      is: ['false'],
      ruleId: 'security/xss-autoescape-disabled',
      message: 'Nunjucks configured with autoescape: false: template output is raw HTML.',
      fix: 'Keep autoescape on (the default); use the `safe` filter only on sanitised values.',
    },
    {
      callee: { module: ['nunjucks'], path: ['Environment'] },
      construct: 'only',
      arg: 1,
      option: 'autoescape',
      is: ['false'],
      ruleId: 'security/xss-autoescape-disabled',
      message: 'Nunjucks environment with autoescape: false: template output is raw HTML.',
      fix: 'Keep autoescape on (the default); use the `safe` filter only on sanitised values.',
    },
  ],
};
