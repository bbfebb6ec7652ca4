/**
 * Where untrusted input enters: members of request objects (Express, Fastify, Next route handlers,
 * Node's IncomingMessage) and, in browser code, the URL, referrer, cookies and router hooks.
 */
import type { SinkKind } from './value.js';

/** Request members that are sources, with the source kind. params and headers are always strings. */
export const REQUEST_MEMBERS: Record<string, { kind: string; whole: 'object' | 'string' }> = {
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
  nextUrl: { kind: 'query', whole: 'object' },
  searchParams: { kind: 'query', whole: 'object' },
};

/** Methods of request objects that return input: `req.get('x')`, `await request.json()`. */
export const REQUEST_METHODS: Record<string, string> = {
  get: 'headers',
  header: 'headers',
  param: 'params',
  json: 'body',
  formData: 'body',
  text: 'body',
};

/** Kinds whose values are strings (never objects): they cannot carry NoSQL operators. */
export function stringKinds(kind: string): SinkKind[] {
  return kind === 'params' || kind === 'headers' || kind === 'url' || kind === 'dom' ? ['nosql'] : [];
}

/** Parameter types that mark a request object. */
export const REQUEST_TYPES = /^(express\.)?(Request|NextRequest|FastifyRequest|IncomingMessage|http\.IncomingMessage|NextApiRequest)\b/;

/** Parameter names taken as request objects wherever they appear. */
export const REQUEST_NAMES = new Set(['req', 'request']);

/** Browser input: the URL and what other sites control. */
export const DOM_SOURCES = new Set([
  'location.search', 'location.hash', 'location.href', 'location.pathname',
  'window.location.search', 'window.location.hash', 'window.location.href', 'window.location.pathname',
  'document.location.search', 'document.location.hash', 'document.location.href',
  'document.URL', 'document.documentURI', 'document.referrer', 'document.cookie', 'window.name',
]);

/** Router hooks whose results come from the URL. */
export const DOM_SOURCE_CALLS = new Set(['useSearchParams', 'useParams', 'useLocation']);

/** Route registration methods: their callbacks' first parameter is the request. */
export const ROUTE_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'all', 'use', 'options', 'head', 'route']);

/** Next.js route handler export names. */
export const NEXT_HANDLERS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);
