/**
 * documentation.api with `format: "openapi"`: an OpenAPI 3.1 document of the project's own REST routes
 * (core/http-routes: Express and Fastify route calls with their mount prefixes, routes declared as
 * objects), staged as JSON (default `openapi.json`). Nothing is run.
 */
import { AgentdError, findProjectRoutes, openApiFromRoutes, type CapabilityContext, type StepResult } from '../../../core/index.js';

export interface OpenApiInput {
  out?: string;
  include?: string[];
  exclude?: string[];
  subjects?: string[];
  title?: string;
}

export async function writeOpenApi(input: OpenApiInput, ctx: CapabilityContext, inScope: (file: string) => boolean): Promise<StepResult> {
  const out = input.out ?? 'openapi.json';
  ctx.progress(10, 'finding the HTTP routes');
  const { scan, modules, skipped } = await findProjectRoutes(ctx);
  const subjects = (input.subjects ?? []).map((s) => s.toLowerCase());
  const wanted = (file: string, routePath: string): boolean =>
    inScope(file) && (subjects.length === 0 || subjects.some((s) => `${routePath} ${file}`.toLowerCase().includes(s)));
  const scoped = {
    ...scan,
    routes: scan.routes.filter((r) => wanted(r.file, r.path)),
    routeObjects: scan.routeObjects.filter((r) => wanted(r.file, r.path)),
  };
  const pkgText = (await ctx.workspace.exists('package.json')) ? await ctx.workspace.read('package.json') : null;
  const pkg = pkgText ? (JSON.parse(pkgText) as { name?: unknown; version?: unknown; description?: unknown }) : {};
  const title = input.title ?? (typeof pkg.name === 'string' ? pkg.name : (ctx.project.name ?? 'API'));
  const version = typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  const description = typeof pkg.description === 'string' ? pkg.description : undefined;
  const built = openApiFromRoutes(scoped, { title, version, description });
  const unread = skipped.length > 0 ? ` ${skipped.length} module(s) could not be read; their routes are missing.` : '';
  const unmounted =
    scan.unmounted.length > 0
      ? ` ${scan.unmounted.length} route call(s) on a router no app mounts were left out (${scan.unmounted
          .slice(0, 3)
          .map((u) => `${u.method} ${u.path} at ${u.file}:${u.line}`)
          .join(', ')}${scan.unmounted.length > 3 ? ', …' : ''}).`
      : '';
  const data = {
    out,
    format: 'openapi',
    operations: built.operations,
    notes: built.notes,
    unmounted: scan.unmounted,
    modules,
    skipped,
  };
  if (built.operations.length === 0) {
    if (subjects.length > 0 || input.include?.length)
      return { summary: `No HTTP route in scope (${modules} module(s) read); nothing written.${unmounted}`, data };
    throw new AgentdError(
      'documentation_refused',
      `No HTTP route found in ${modules} JavaScript/TypeScript module(s): looked for Express and Fastify route calls reachable from an app built with express() or Fastify(), and route objects ({ method, path, handler }).${unmounted}`,
    );
  }
  const content = `${JSON.stringify(built.document, null, 2)}\n`;
  const before = (await ctx.workspace.exists(out)) ? await ctx.workspace.read(out) : null;
  if (before !== content) await ctx.workspace.write(out, content);
  ctx.progress(100, 'done');
  const paths = Object.keys(built.document.paths).length;
  const verb = before === content ? 'Unchanged' : before === null ? 'Wrote' : 'Updated';
  return {
    summary: `${verb} ${out}: OpenAPI 3.1 with ${built.operations.length} operation(s) on ${paths} path(s) from ${modules} module(s). Request bodies and answers are what the source states (validation schemas, status codes set); other answers are not documented.${built.notes.length > 0 ? ` ${built.notes.length} note(s) in data.notes.` : ''}${unmounted}${unread}`,
    data,
  };
}
