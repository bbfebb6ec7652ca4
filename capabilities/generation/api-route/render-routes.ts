/** The files of a resource's REST routes: the router/plugin, its input checks, and the shared error envelope and request checks. */
import type { CapabilityContext } from '../../../core/index.js';
import { renderTemplate, type GeneratedFile } from '../kit/index.js';
import { importPath, join, type HttpFramework, type ProjectStack } from '../service/project-stack.js';
import type { RenderedFiles } from '../service/render-service.js';
import type { ResourceModel } from '../service/resource-model.js';

export type RouteMethod = 'list' | 'get' | 'create' | 'update' | 'delete';
export const ROUTE_METHODS: RouteMethod[] = ['list', 'get', 'create', 'update', 'delete'];

const VERB_METHODS: Record<string, RouteMethod[]> = {
  GET: ['list', 'get'],
  POST: ['create'],
  PUT: ['update'],
  PATCH: ['update'],
  DELETE: ['delete'],
};

/** Operations from the input, HTTP verbs mapped (GET -> list and get, POST -> create, PUT/PATCH -> update, DELETE -> delete); default all. */
export function routeMethodsOf(methods: string[] | undefined): RouteMethod[] {
  if (!methods || methods.length === 0) return ROUTE_METHODS;
  const chosen = new Set(methods.flatMap((m) => VERB_METHODS[m] ?? [m as RouteMethod]));
  return ROUTE_METHODS.filter((m) => chosen.has(m));
}

export interface RoutePaths {
  routes: string;
  input: string;
  apiError: string;
  requestChecks: string;
}

export function routePaths(model: ResourceModel, stack: ProjectStack): RoutePaths {
  return {
    routes: join(stack.dirs.routes, `${model.pluralKebab}.ts`),
    input: join(stack.dirs.validation, `${model.kebab}-input.ts`),
    apiError: join(stack.dirs.http, 'api-error.ts'),
    requestChecks: join(stack.dirs.http, 'request-checks.ts'),
  };
}

const VERBS: Record<RouteMethod, { verb: string; item: boolean }> = {
  list: { verb: 'GET', item: false },
  get: { verb: 'GET', item: true },
  create: { verb: 'POST', item: false },
  update: { verb: 'PATCH', item: true },
  delete: { verb: 'DELETE', item: true },
};

/** "GET /todos", "PATCH /todos/:id", … for the methods, in the order of ROUTE_METHODS. */
export function routeList(methods: RouteMethod[], basePath: string): { method: RouteMethod; verb: string; path: string }[] {
  return ROUTE_METHODS.filter((m) => methods.includes(m)).map((m) => ({
    method: m,
    verb: VERBS[m].verb,
    path: VERBS[m].item ? `${basePath}/:id` : basePath,
  }));
}

export async function renderRoutes(
  ctx: CapabilityContext,
  model: ResourceModel,
  stack: ProjectStack,
  framework: HttpFramework,
  methods: RouteMethod[],
  basePath: string,
  servicePath: string,
  serviceErrorsPath: string,
): Promise<RenderedFiles> {
  const paths = routePaths(model, stack);
  const ext = stack.importExtension;
  const uses = {
    list: methods.includes('list'),
    get: methods.includes('get'),
    create: methods.includes('create'),
    update: methods.includes('update'),
    delete: methods.includes('delete'),
    id: methods.some((m) => VERBS[m].item),
  };
  const routes = routeList(methods, basePath);
  const common = { m: model, basePath, routes, uses };
  const rendered = await Promise.all([
    renderTemplate(ctx, 'api-route', 'api-error.eta', {
      ...common,
      imports: { serviceErrors: importPath(paths.apiError, serviceErrorsPath, ext) },
    }),
    renderTemplate(ctx, 'api-route', 'request-checks.eta', {
      ...common,
      imports: { apiError: importPath(paths.requestChecks, paths.apiError, ext) },
    }),
    renderTemplate(ctx, 'api-route', 'resource-input.eta', {
      ...common,
      imports: { requestChecks: importPath(paths.input, paths.requestChecks, ext), service: importPath(paths.input, servicePath, ext) },
    }),
    renderTemplate(ctx, 'api-route', framework === 'express' ? 'express-router.eta' : 'fastify-routes.eta', {
      ...common,
      imports: {
        apiError: importPath(paths.routes, paths.apiError, ext),
        requestChecks: importPath(paths.routes, paths.requestChecks, ext),
        input: importPath(paths.routes, paths.input, ext),
        service: importPath(paths.routes, servicePath, ext),
      },
    }),
  ]);
  const files: GeneratedFile[] = [
    { path: paths.apiError, content: rendered[0].text },
    { path: paths.requestChecks, content: rendered[1].text },
    // The body parsers only when a route takes a body: nothing would import them otherwise.
    ...(uses.create || uses.update ? [{ path: paths.input, content: rendered[2].text }] : []),
    { path: paths.routes, content: rendered[3].text },
  ];
  return { files, notes: rendered.flatMap((r) => (r.note ? [r.note] : [])) };
}
