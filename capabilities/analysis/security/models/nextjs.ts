/** Next.js: route handlers (`export async function GET(request, { params })`), page props, server actions; redirects and HTML responses. */
import type { LibraryModel } from './types.js';

const REDIRECT_FIX = 'Redirect to a path of your own site or to an allow-listed host.';

export const model: LibraryModel = {
  id: 'nextjs',
  title: 'Next.js',
  modules: ['next', 'next/server', 'next/navigation'],
  sources: {
    requestTypes: ['NextRequest', 'NextApiRequest'],
    requestMembers: { nextUrl: { kind: 'query', whole: 'object' }, searchParams: { kind: 'query', whole: 'object' } },
    requestMethods: { json: 'body', formData: 'body', text: 'body' },
    requestHandlers: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'],
    // Server actions: every argument comes from the client that called the action.
    handlers: [
      {
        exportName: '.',
        directive: 'use server',
        params: [
          { index: 0, kind: 'body' },
          { index: 1, kind: 'body' },
        ],
      },
    ],
  },
  sinks: [
    {
      ruleId: 'security/open-redirect',
      kind: 'redirect',
      callee: { global: ['NextResponse.redirect', 'Response.redirect'] },
      args: [0],
      when: 'openHost',
      fix: REDIRECT_FIX,
    },
    {
      ruleId: 'security/open-redirect',
      kind: 'redirect',
      callee: { module: ['next/navigation'], path: ['redirect', 'permanentRedirect'] },
      args: [0],
      when: 'openHost',
      fix: REDIRECT_FIX,
    },
    {
      ruleId: 'security/reflected-xss',
      kind: 'html',
      callee: { global: ['Response', 'NextResponse'] },
      construct: 'only',
      args: [0],
      when: 'htmlText',
      fix: 'Escape the value or answer JSON.',
    },
    {
      ruleId: 'security/reflected-xss',
      kind: 'html',
      callee: { global: ['Response', 'NextResponse'] },
      construct: 'only',
      args: [0],
      requires: 'htmlContentTypeArg',
      fix: 'Escape the value or answer JSON.',
    },
  ],
};
