/** The files of a resource's REST routes: the router/plugin, its input checks, and the shared error envelope and request checks. */
import type { CapabilityContext } from '../../../core/index.js';
import { renderTemplate, type GeneratedFile } from '../kit/index.js';
import { FIELD_TYPES } from '../service/field-types.js';
import { importPath, join, type HttpFramework, type ProjectStack } from '../service/project-stack.js';
import type { RenderedFiles } from '../service/render-service.js';
import type { ResourceModel } from '../service/resource-model.js';
import type { ValidationChoice } from '../validator/project-facts.js';

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
  /** The shared body parser of the validation library (zod-body.ts, ajv-body.ts); null for hand-written checks, which live in requestChecks. */
  body: string | null;
}

export function routePaths(model: ResourceModel, stack: ProjectStack): RoutePaths {
  return {
    routes: join(stack.dirs.routes, `${model.pluralKebab}.ts`),
    input: join(stack.dirs.validation, `${model.kebab}-input.ts`),
    apiError: join(stack.dirs.http, 'api-error.ts'),
    requestChecks: join(stack.dirs.http, 'request-checks.ts'),
    body: stack.validation.library === 'manual' ? null : join(stack.dirs.http, `${stack.validation.library}-body.ts`),
  };
}

const VERBS: Record<RouteMethod, { verb: string; item: boolean }> = {
  list: { verb: 'GET', item: false },
  get: { verb: 'GET', item: true },
  create: { verb: 'POST', item: false },
  update: { verb: 'PATCH', item: true },
  delete: { verb: 'DELETE', item: true },
};

/** The shared files a resource's routes use, written once and then kept as the project has them. */
export const sharedRouteFiles = (paths: RoutePaths): string[] => [paths.apiError, paths.requestChecks, ...(paths.body ? [paths.body] : [])];

/** "Input checks: zod 4 (the project depends on zod; installed zod 4.1.12)." for the summary. */
export function describeValidation(choice: ValidationChoice): string {
  const name = choice.library === 'zod' ? `zod ${choice.zodMajor}` : choice.library === 'ajv' ? 'ajv' : 'hand-written';
  return `Input checks: ${name} (${choice.reason}).`;
}

/** The template data of the input module for the project's validation library: per field its zod schema or JSON Schema. */
function inputData(model: ResourceModel, stack: ProjectStack): Record<string, unknown> {
  const { library, zodMajor } = stack.validation;
  if (library === 'zod') {
    return {
      fields: model.fields.map((f) => ({
        name: f.name,
        zod: FIELD_TYPES[f.type].zod[zodMajor ?? 4],
        nullable: f.nullable,
        optional: f.optionalOnCreate,
      })),
    };
  }
  if (library === 'ajv') {
    const properties = Object.fromEntries(
      model.fields.map((f) => {
        const schema = FIELD_TYPES[f.type].jsonSchema;
        return [f.name, f.nullable ? { ...schema, type: [schema.type, 'null'] } : schema];
      }),
    );
    const required = model.fields.filter((f) => !f.optionalOnCreate).map((f) => f.name);
    return { properties: JSON.stringify(properties), required: required.length > 0 ? JSON.stringify(required) : null };
  }
  return {};
}

const INPUT_TEMPLATES = { manual: 'resource-input.eta', zod: 'resource-input-zod.eta', ajv: 'resource-input-ajv.eta' } as const;

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
  const library = stack.validation.library;
  const common = { m: model, basePath, routes, uses, validation: library, zodMajor: stack.validation.zodMajor };
  const rendered = await Promise.all([
    renderTemplate(ctx, 'api-route', 'api-error.eta', {
      ...common,
      imports: { serviceErrors: importPath(paths.apiError, serviceErrorsPath, ext) },
    }),
    renderTemplate(ctx, 'api-route', 'request-checks.eta', {
      ...common,
      bodyModule: paths.body,
      imports: { apiError: importPath(paths.requestChecks, paths.apiError, ext) },
    }),
    renderTemplate(ctx, 'api-route', INPUT_TEMPLATES[library], {
      ...common,
      ...inputData(model, stack),
      imports: {
        requestChecks: importPath(paths.input, paths.requestChecks, ext),
        body: importPath(paths.input, paths.body ?? paths.requestChecks, ext),
        service: importPath(paths.input, servicePath, ext),
      },
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
  const body = paths.body
    ? await renderTemplate(ctx, 'api-route', `${library}-body.eta`, {
        ...common,
        imports: { apiError: importPath(paths.body, paths.apiError, ext) },
      })
    : null;
  if (body) rendered.push(body);
  const files: GeneratedFile[] = [
    { path: paths.apiError, content: rendered[0].text },
    { path: paths.requestChecks, content: rendered[1].text },
    ...(body && paths.body && (uses.create || uses.update) ? [{ path: paths.body, content: body.text }] : []),
    // The body parsers only when a route takes a body: nothing would import them otherwise.
    ...(uses.create || uses.update ? [{ path: paths.input, content: rendered[2].text }] : []),
    { path: paths.routes, content: rendered[3].text },
  ];
  return { files, notes: rendered.flatMap((r) => (r.note ? [r.note] : [])) };
}
