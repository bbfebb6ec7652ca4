/** Puppeteer and Playwright: a page sent to a URL from input fetches it from the server (SSRF); code given to `evaluate` runs in the page. */
import type { LibraryModel } from './types.js';
import { SSRF_FIX } from './http-fix.js';

const PAGE = '(^|\\.)(page|tab|browserPage|newPage\\(\\))$';

export const model: LibraryModel = {
  id: 'headless-browsers',
  title: 'Puppeteer and Playwright',
  modules: ['puppeteer', 'puppeteer-core', 'playwright', 'playwright-core', '@playwright/test'],
  sinks: [
    {
      ruleId: 'security/ssrf',
      kind: 'ssrf',
      callee: { method: ['goto'], receiver: PAGE, imported: ['^puppeteer', '^playwright', '^@playwright/'] },
      args: [0],
      when: 'openUrl',
      fix: SSRF_FIX,
    },
    {
      ruleId: 'security/code-injection',
      kind: 'code',
      callee: {
        method: ['evaluate', 'evaluateHandle', 'addScriptTag'],
        receiver: PAGE,
        imported: ['^puppeteer', '^playwright', '^@playwright/'],
      },
      args: [0],
      when: 'notFunction',
      requires: 'notCallback',
      fix: 'Pass a function to evaluate() and the input as its argument, never code text.',
    },
  ],
};
