/**
 * Next.js route handlers (app router) of a resource: `<app>/<basePath>/route.ts` exporting GET (list)
 * and POST (create), `<app>/<basePath>/[id]/route.ts` exporting GET, PATCH and DELETE — web-standard
 * `Request` in, `Response.json` out (no import from `next` needed), the same input checks and error
 * envelope as the Express and Fastify routes, and the service reached through a module that builds
 * it once on a pg Pool from DATABASE_URL. The support modules go where the project keeps them, else
 * in `lib/` (or `src/lib/`), the Next.js convention.
 */
import { AgentdError, type CapabilityContext } from '../../../core/index.js';
import { renderTemplate, type GeneratedFile } from '../kit/index.js';
import { importPath, join, type ProjectStack } from '../service/project-stack.js';
import type { RenderedFiles } from '../service/render-service.js';
import type { ResourceModel } from '../service/resource-model.js';
import type { RouteMethod } from './render-routes.js';

/** The app router folder: src/app when the project has one, else app. */
export function nextAppDir(stack: ProjectStack): string {
  return stack.files.some((f) => f.startsWith('src/app/')) ? 'src/app' : 'app';
}

/**
 * Folders the project does not have yet go to lib/ (src/lib/ in a src layout), as Next.js projects
 * keep them; tests go beside the project's tests, else in __tests__/ (Next.js's Vitest and Jest setups).
 */
export function nextStack(stack: ProjectStack): ProjectStack {
  const has = (dir: string): boolean => stack.files.some((f) => f.startsWith(`${dir}/`));
  const lib = stack.files.some((f) => f.startsWith('src/')) ? 'src/lib' : 'lib';
  const or = (dir: string): string => (has(dir) ? dir : lib);
  const hasTests = stack.files.some((f) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(f));
  return {
    ...stack,
    dirs: {
      ...stack.dirs,
      services: or(stack.dirs.services),
      validation: or(stack.dirs.validation),
      http: or(stack.dirs.http),
      tests: hasTests ? stack.dirs.tests : '__tests__',
    },
  };
}

/** Whether the project is a Next.js one without Express or Fastify (whose layout the API generators follow first). */
export function isNextOnly(frameworks: readonly string[]): boolean {
  return frameworks.includes('next') && !frameworks.includes('express') && !frameworks.includes('fastify');
}

/** Next's major version from package.json (params of dynamic segments are a Promise from 15 on), or null. */
export async function nextMajor(ctx: CapabilityContext): Promise<number | null> {
  if (!(await ctx.workspace.exists('package.json'))) return null;
  try {
    const pkg = JSON.parse(await ctx.workspace.read('package.json')) as Record<string, Record<string, string> | undefined>;
    const range = pkg.dependencies?.next ?? pkg.devDependencies?.next;
    const major = range ? /(\d+)/.exec(range)?.[1] : undefined;
    return major ? Number(major) : null;
  } catch {
    return null;
  }
}

export interface NextPaths {
  collection: string;
  item: string;
  instance: string;
}

export function nextPaths(stack: ProjectStack, model: ResourceModel, basePath: string): NextPaths {
  const folder = `${nextAppDir(stack)}${basePath}`;
  return {
    collection: `${folder}/route.ts`,
    item: `${folder}/[id]/route.ts`,
    instance: join(stack.dirs.services, `${model.kebab}-service-instance.ts`),
  };
}

export async function renderNextHandlers(
  ctx: CapabilityContext,
  model: ResourceModel,
  stack: ProjectStack,
  methods: RouteMethod[],
  basePath: string,
  support: { apiError: string; requestChecks: string; input: string; service: string },
): Promise<RenderedFiles> {
  if (stack.driver !== 'pg')
    throw new AgentdError(
      'invalid_input',
      'database: Next.js route handlers are written for PostgreSQL through pg (a server has no in-memory sql.js database to share)',
      {
        details: [{ path: '/database', message: 'next needs pg' }],
      },
    );
  const paths = nextPaths(stack, model, basePath);
  const ext = stack.importExtension;
  const major = await nextMajor(ctx);
  const uses = {
    list: methods.includes('list'),
    get: methods.includes('get'),
    create: methods.includes('create'),
    update: methods.includes('update'),
    delete: methods.includes('delete'),
  };
  const importsFrom = (from: string) => ({
    apiError: importPath(from, support.apiError, ext),
    requestChecks: importPath(from, support.requestChecks, ext),
    input: importPath(from, support.input, ext),
    instance: importPath(from, paths.instance, ext),
  });
  const files: GeneratedFile[] = [];
  const notes: string[] = [];
  const instance = await renderTemplate(ctx, 'api-route', 'next-service-instance.eta', {
    m: model,
    imports: { service: importPath(paths.instance, support.service, ext) },
  });
  files.push({ path: paths.instance, content: instance.text });
  if (uses.list || uses.create) {
    const rendered = await renderTemplate(ctx, 'api-route', 'next-collection-route.eta', {
      m: model,
      basePath,
      uses,
      imports: importsFrom(paths.collection),
    });
    files.push({ path: paths.collection, content: rendered.text });
  }
  if (uses.get || uses.update || uses.delete) {
    const rendered = await renderTemplate(ctx, 'api-route', 'next-item-route.eta', {
      m: model,
      basePath,
      uses,
      asyncParams: major === null || major >= 15,
      imports: importsFrom(paths.item),
    });
    files.push({ path: paths.item, content: rendered.text });
  }
  if (major !== null && major < 15)
    notes.push(`Next.js ${major}: the [id] handler takes params as an object (a Promise from Next.js 15 on)`);
  return { files, notes };
}
