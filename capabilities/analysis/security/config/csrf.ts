/**
 * CSRF: per file, the facts (cookie sessions, CSRF middleware, sameSite, state-changing routes);
 * per project, the findings — a session set up in app.ts protects or exposes routes in routes/*.ts.
 */
import { nodesOfType, type SourceRange } from '../../../../core/index.js';
import { field, unwrap, type Node } from '../syntax/tree.js';
import { rangeOf, stringValue, textOf, type SourceFile } from '../syntax/source-file.js';
import { callArguments, calleeMethod, dottedName, receiverOf } from '../syntax/names.js';
import type { ImportBinding } from '../syntax/imports.js';
import type { RawFinding } from '../raw-finding.js';

export interface CsrfFacts {
  cookieSessions: boolean;
  /** CSRF middleware applied to the whole app (`app.use(csrfProtection)`). */
  globalProtection: boolean;
  sameSite: 'strict' | 'lax' | null;
  routes: { method: string; path: string; range: SourceRange; protectedInline: boolean }[];
}

const SESSION_MODULES = /^(express-session|cookie-session|@fastify\/session|@fastify\/secure-session|koa-session)$/;
const CSRF_MODULES = /^(csurf|csrf-csrf|csrf-sync|lusca|tiny-csrf|@dr\.pogodin\/csurf|@fastify\/csrf-protection|csrf)$/;
const SESSION_FACTORIES = /^(session|expressSession|cookieSession|fastifySession|secureSession)$/;
const STATE_CHANGING = new Set(['post', 'put', 'patch', 'delete']);

export function csrfFacts(file: SourceFile, imports: ImportBinding[]): CsrfFacts {
  const facts: CsrfFacts = {
    cookieSessions: imports.some((b) => SESSION_MODULES.test(b.module)),
    globalProtection: false,
    sameSite: null,
    routes: [],
  };
  const csrfNames = new Set(imports.filter((b) => CSRF_MODULES.test(b.module)).map((b) => b.local));
  // A sameSite pair needs the word; without it only the calls matter.
  for (const n of nodesOfType(file.root, file.source.includes('sameSite') ? ['pair', 'call_expression'] : ['call_expression'])) {
    if (n.type === 'pair' && textOf(file, field(n, 'key')!).replace(/['"]/g, '') === 'sameSite' && inSessionOptions(file, n)) {
      const v = textOf(file, unwrap(field(n, 'value')!))
        .replace(/['"]/g, '')
        .toLowerCase();
      if (v === 'strict' || v === 'true') facts.sameSite = 'strict';
      else if (v === 'lax' && facts.sameSite !== 'strict') facts.sameSite = 'lax';
    }
    if (n.type !== 'call_expression') continue;
    // Only `passport.session()`, `x.use()` and state-changing route methods tell anything.
    const method = calleeMethod(file, field(n, 'function')!);
    if (method !== 'session' && method !== 'use' && !STATE_CHANGING.has(method)) continue;
    const callee = dottedName(file, field(n, 'function')!);
    if (callee === 'passport.session') facts.cookieSessions = true;
    const args = callArguments(n);
    if (method === 'use' && args.some((a) => isCsrfMiddleware(file, a, csrfNames))) facts.globalProtection = true;
    if (STATE_CHANGING.has(method) && receiverOf(callee) && args.length >= 2) route(file, n, method, args, csrfNames, facts);
  }
  return facts;
}

/** Only the session cookie's sameSite protects the session (not that of some other cookie). */
function inSessionOptions(file: SourceFile, node: Node): boolean {
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === 'call_expression') return SESSION_FACTORIES.test(dottedName(file, field(p, 'function')!));
  }
  return false;
}

function isCsrfMiddleware(file: SourceFile, arg: Node, csrfNames: Set<string>): boolean {
  const text = textOf(file, arg);
  return /csrf/i.test(text) || [...csrfNames].some((name) => text === name || text.startsWith(`${name}(`) || text.startsWith(`${name}.`));
}

function route(file: SourceFile, call: Node, method: string, args: Node[], csrfNames: Set<string>, facts: CsrfFacts): void {
  const first = unwrap(args[0]!);
  const path = stringValue(file, first) ?? (first.type === 'regex' ? textOf(file, first) : null);
  if (path === null) return;
  const receiver = receiverOf(dottedName(file, field(call, 'function')!));
  // `app.post`, `router.delete`, `api.put` — not `axios.post` or `http.delete` clients.
  if (/^(axios|http|https|fetch|request|got|superagent|client|api\.client|ky)$/i.test(receiver)) return;
  const protectedInline = args.slice(1, -1).some((a) => isCsrfMiddleware(file, a, csrfNames));
  facts.routes.push({ method: method.toUpperCase(), path, range: rangeOf(call), protectedInline });
}

/** Project-wide: routes that need CSRF protection and do not have it. */
export function csrfFindings(perFile: { file: string; facts: CsrfFacts }[]): { file: string; finding: RawFinding }[] {
  const sessions = perFile.some((f) => f.facts.cookieSessions);
  if (!sessions || perFile.some((f) => f.facts.globalProtection)) return [];
  const sameSite = perFile.some((f) => f.facts.sameSite === 'strict')
    ? 'strict'
    : perFile.some((f) => f.facts.sameSite === 'lax')
      ? 'lax'
      : null;
  if (sameSite === 'strict') return [];
  const out: { file: string; finding: RawFinding }[] = [];
  for (const { file, facts } of perFile) {
    for (const r of facts.routes) {
      if (r.protectedInline) continue;
      out.push({
        file,
        finding: {
          ruleId: 'security/csrf-missing',
          range: r.range,
          severity: sameSite === 'lax' ? 'low' : 'medium',
          message: `${r.method} ${r.path} changes state on a cookie session without CSRF protection${sameSite === 'lax' ? " (the session cookie is sameSite 'lax')" : ''}.`,
          data: { method: r.method, path: r.path, sameSite },
        },
      });
    }
  }
  return out;
}
