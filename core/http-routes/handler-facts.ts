/**
 * What a route handler says about its request and answers, read from its source: the query parameters
 * it reads, the status codes it sets, and a Fastify route's `schema` option when it is a literal.
 */
import type { RouteSchema } from './find-routes.js';
import { literalOf, pairValue, type Node } from './literals.js';

const QUERY = String.raw`(?:req|request|ctx\.request|ctx)\.query`;

/** `req.query.q`, `req.query['q']`, `const { page, limit = 10 } = req.query`: the names, in order of first use. */
export function queryNamesOf(handler: Node): string[] {
  const text = handler.text;
  const names: { at: number; name: string }[] = [];
  for (const m of text.matchAll(new RegExp(String.raw`${QUERY}\??\.([A-Za-z_$][\w$]*)|${QUERY}\[\s*['"]([^'"]+)['"]\s*\]`, 'g')))
    names.push({ at: m.index, name: (m[1] ?? m[2])! });
  for (const m of text.matchAll(new RegExp(String.raw`(?:const|let|var)\s*\{([^}]*)\}\s*=\s*${QUERY}\b`, 'g')))
    for (const part of m[1]!.split(',')) {
      const name = part.split(/[:=]/)[0]!.trim();
      if (/^[\w$]+$/.test(name)) names.push({ at: m.index, name });
    }
  return [...new Set(names.sort((a, b) => a.at - b.at).map((n) => n.name))];
}

/** `res.status(201)`, `reply.code(404)`, `res.sendStatus(204)`, `reply.status(400)`: the literal codes, ascending. */
export function statusesOf(handler: Node): number[] {
  const codes = new Set<number>();
  for (const m of handler.text.matchAll(/\.(?:status|code|sendStatus)\(\s*(\d{3})\s*\)/g)) codes.add(Number(m[1]));
  return [...codes].sort((a, b) => a - b);
}

/** Statuses answered with a JSON body: `res.status(201).json(…)` -> 201, a bare `res.json(…)` -> 200 (Express's default). */
export function jsonStatusesOf(handler: Node): number[] {
  const codes = new Set<number>();
  const text = handler.text;
  for (const m of text.matchAll(/\.(?:status|code)\(\s*(\d{3})\s*\)\s*\.(?:json|send)\(/g)) codes.add(Number(m[1]));
  if (/\b(?:res|response)\.json\(/.test(text)) codes.add(200);
  return [...codes].sort((a, b) => a - b);
}

/** A Fastify route's `schema` (the options object's, or the `route({...})` object's) when it is a literal object. */
export function schemaOf(options: Node, root: Node): RouteSchema | null {
  const node = pairValue(options, 'schema');
  const value = node ? literalOf(node, root) : undefined;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const out: RouteSchema = {};
  for (const key of ['params', 'querystring', 'body', 'response'] as const) {
    const part = (value as Record<string, unknown>)[key === 'querystring' && !('querystring' in value) ? 'query' : key];
    if (part && typeof part === 'object' && !Array.isArray(part)) out[key] = part as Record<string, unknown>;
  }
  return out;
}
