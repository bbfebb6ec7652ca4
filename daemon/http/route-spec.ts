/**
 * What one REST route is, as data: its method and path, what it answers, who may call it, the JSON
 * Schemas of its query and body, and its handler. The table of every route is route-table.ts;
 * mount-routes.ts mounts it (with request validation generated from the schemas) and openapi.ts
 * publishes it, so a route is declared once.
 */
import type { Request, RequestHandler, Response } from 'express';
import type { AppContext } from './app-context.js';

export type Schema = Record<string, unknown>;

/**
 * Who may call a route. `credentials`: the API key or a JWT (when the daemon has either); `api-key`:
 * the API key itself; `open`: anyone; `open-unless-protected`: anyone unless security.protectMetrics;
 * `signature`: no credential, the body's signature instead (the GitHub webhook).
 */
export type RouteAuth = 'credentials' | 'api-key' | 'open' | 'open-unless-protected' | 'signature';

export interface RouteResponse {
  description: string;
  /** The body's schema (default media type application/json). */
  schema?: Schema;
  mediaType?: string;
  headers?: Record<string, Schema>;
}

/** A body that is one of several forms, each told apart by its one key (`{task}`, `{capability}`, ...). */
export interface BodySpec {
  /** How an error names the body: "job request". */
  what: string;
  /** One schema, or forms keyed by their discriminating property. */
  schema?: Schema;
  forms?: Record<string, Schema>;
  /** The handler reads the raw bytes itself (a signature over them): documented, not parsed or checked here. */
  raw?: boolean;
}

export interface QuerySpec {
  schema: Schema;
  /** Checks across fields that a schema cannot say; return a problem as `{path, message}`. */
  refine?: (query: Record<string, unknown>) => { path: string; message: string } | null;
  /** OpenAPI style per parameter (arrays sent as repeated names). */
  explode?: string[];
}

/** Input the handler gets, already validated (query coerced and defaulted). */
export interface RouteInput<Q, B> {
  query: Q;
  body: B;
}

export type RouteHandler<Q, B> = (req: Request, res: Response, input: RouteInput<Q, B>) => unknown;

export interface RouteSpec<Q = unknown, B = unknown> {
  method: 'get' | 'post' | 'delete';
  /** OpenAPI form: `/jobs/{id}`; express gets `/jobs/:id`. */
  path: string;
  summary: string;
  auth: RouteAuth;
  /** Path parameters by name (documentation; a bad id or index is the handler's 404). */
  params?: Record<string, Schema>;
  query?: QuerySpec;
  body?: BodySpec;
  /** Request headers the route reads (documentation). */
  headers?: Record<string, Schema>;
  /** Answers by status; errors by status get the Error envelope. */
  responses: Record<string, RouteResponse>;
  errors?: number[];
  /**
   * `raw`: mounted before the JSON body parser (the webhook checks a signature on the bytes sent).
   * `prefix`: mounted with `use` on `path` without its last `{param}` — it serves every path below.
   */
  mount?: 'raw' | 'prefix';
  /** Mounted only when this holds (the security routes need the security parts). */
  when?: (ctx: AppContext) => boolean;
  /**
   * Built once per app, given the whole table (GET /openapi.json publishes it). A `prefix` route
   * returns middleware; the others a handler of validated input.
   */
  handler: (ctx: AppContext, table: readonly RouteSpec[]) => RouteHandler<Q, B> | RequestHandler[];
}

/** Declares a route with its query and body types; the table holds them type-erased. */
export function defineRoute<Q = Record<string, never>, B = undefined>(spec: RouteSpec<Q, B>): RouteSpec {
  return spec as unknown as RouteSpec;
}

/** `/jobs/{id}/changes/{index}` -> `/jobs/:id/changes/:index`; a prefix route drops its last `{param}`. */
export function expressPath(route: Pick<RouteSpec, 'path' | 'mount'>): string {
  const path = route.mount === 'prefix' ? route.path.replace(/\/\{[^}]+\}$/, '/') : route.path;
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

export const json = (description: string, schema: Schema): RouteResponse => ({ description, schema });
export const text = (description: string, mediaType = 'text/plain'): RouteResponse => ({
  description,
  mediaType,
  schema: { type: 'string' },
});
export const sse = (description: string): RouteResponse => ({ description, mediaType: 'text/event-stream', schema: { type: 'string' } });
export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
