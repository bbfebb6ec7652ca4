/**
 * What the API generators need to know about the project beyond `ctx.project`: the SQL driver its
 * package.json depends on, where its routes, services, validation and tests live (the folders it
 * already has, else the conventional ones), how it writes relative imports, and its test runner.
 */
import { AgentdError, type CapabilityContext } from '../../../core/index.js';
import { chooseValidation, type ValidationChoice, type ValidationLibrary } from '../validator/project-facts.js';
import type { Dialect } from './field-types.js';

export type Driver = 'pg' | 'sql.js';
export type HttpFramework = 'express' | 'fastify';

export interface ProjectStack {
  dialect: Dialect;
  driver: Driver;
  /** Dependencies of package.json (all sections). */
  dependencies: Set<string>;
  /** ".js" for ESM TypeScript under Node16/NodeNext resolution, "" otherwise. */
  importExtension: '.js' | '';
  dirs: { routes: string; services: string; validation: string; http: string; tests: string };
  /** "test" or "spec": the suffix the project's test files use. */
  testSuffix: 'test' | 'spec';
  testRunner: CapabilityContext['project']['testRunner'];
  /** ORMs/schema tools detected; the generators write plain parameterised SQL and say so when one is present. */
  schemaTools: string[];
  files: string[];
  /** The library of the generated input checks (zod, ajv or hand-written) and, for zod, its major. */
  validation: ValidationChoice;
}

const DRIVERS: { dependency: string; driver: Driver; dialect: Dialect }[] = [
  { dependency: 'pg', driver: 'pg', dialect: 'postgres' },
  { dependency: 'sql.js', driver: 'sql.js', dialect: 'sqlite' },
];

async function packageDependencies(ctx: CapabilityContext): Promise<Set<string>> {
  if (!(await ctx.workspace.exists('package.json'))) return new Set();
  try {
    const pkg = JSON.parse(await ctx.workspace.read('package.json')) as Record<string, Record<string, string> | undefined>;
    return new Set(
      ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'].flatMap((key) => Object.keys(pkg[key] ?? {})),
    );
  } catch {
    return new Set();
  }
}

function firstDir(files: string[], candidates: string[], fallback: string): string {
  return candidates.find((dir) => files.some((f) => f.startsWith(`${dir}/`))) ?? fallback;
}

export async function detectStack(
  ctx: CapabilityContext,
  database: 'auto' | Dialect = 'auto',
  validation: 'auto' | ValidationLibrary = 'auto',
): Promise<ProjectStack> {
  const dependencies = await packageDependencies(ctx);
  const available = DRIVERS.filter((d) => dependencies.has(d.dependency));
  const chosen =
    database === 'auto' ? available[0] : (available.find((d) => d.dialect === database) ?? DRIVERS.find((d) => d.dialect === database));
  if (!chosen) {
    throw new AgentdError(
      'invalid_input',
      'database: the project depends on no SQL driver these generators write for (pg for PostgreSQL, sql.js for SQLite); add one to package.json or pass database: "postgres" or "sqlite"',
      {
        details: [{ path: '/database', message: 'no pg or sql.js dependency' }],
      },
    );
  }
  const files = await ctx.workspace.list({
    extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.sql'],
    exclude: ['dist/**', 'build/**', 'coverage/**'],
  });
  const src = files.some((f) => f.startsWith('src/')) ? 'src' : '.';
  const inSrc = (dir: string): string => (src === '.' ? dir : `${src}/${dir}`);
  const testFile =
    files.find((f) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(f) && !f.startsWith(`${src}/`)) ??
    files.find((f) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(f));
  const tsconfig =
    ctx.project.tsconfig && (await ctx.workspace.exists(ctx.project.tsconfig)) ? await ctx.workspace.read(ctx.project.tsconfig) : '';
  const bundlerResolution = /"moduleResolution"\s*:\s*"bundler"/i.test(tsconfig);
  return {
    dialect: chosen.dialect,
    driver: chosen.driver,
    dependencies,
    importExtension: ctx.project.moduleSystem === 'esm' && !bundlerResolution ? '.js' : '',
    dirs: {
      routes: firstDir(files, [inSrc('routes'), inSrc('api'), inSrc('controllers')], inSrc('routes')),
      services: firstDir(files, [inSrc('services'), inSrc('repositories')], inSrc('services')),
      validation: firstDir(files, [inSrc('validation'), inSrc('validators'), inSrc('schemas')], inSrc('validation')),
      http: firstDir(files, [inSrc('http'), inSrc('lib')], inSrc('http')),
      tests: testFile ? testFile.slice(0, Math.max(0, testFile.lastIndexOf('/'))) || '.' : 'test',
    },
    testSuffix: testFile && /\.spec\./.test(testFile) ? 'spec' : 'test',
    testRunner: ctx.project.testRunner,
    schemaTools: ctx.project.schemaTools.filter((t) => t !== 'none' && t !== 'sql'),
    files,
    validation: await chooseValidation(ctx, validation),
  };
}

/** api-route's frameworks: Express and Fastify, and Next.js route handlers (app router). */
export type RouteFramework = HttpFramework | 'next';

/** The framework api-route writes for: the requested one, else Express or Fastify when detected, else Next.js when detected. */
export function chooseRouteFramework(ctx: CapabilityContext, requested: 'auto' | RouteFramework = 'auto'): RouteFramework {
  if (requested !== 'auto') return requested;
  const found = ctx.project.frameworks.find((f): f is HttpFramework => f === 'express' || f === 'fastify');
  if (found) return found;
  if (ctx.project.frameworks.includes('next')) return 'next';
  throw new AgentdError(
    'invalid_input',
    'framework: the project uses neither Express nor Fastify nor Next.js; pass framework: "express", "fastify" or "next"',
    {
      details: [{ path: '/framework', message: `detected: ${ctx.project.frameworks.join(', ') || 'none'}` }],
    },
  );
}

/** The import specifier of workspace file `to` from workspace file `from` ("../services/todo-service.js"). */
export function importPath(from: string, to: string, extension: string): string {
  const fromParts = from.split('/').slice(0, -1);
  const toParts = to.replace(/\.[cm]?tsx?$/, '').split('/');
  while (fromParts.length > 0 && toParts.length > 1 && fromParts[0] === toParts[0]) {
    fromParts.shift();
    toParts.shift();
  }
  const up = fromParts.filter((p) => p !== '.').map(() => '..');
  const rel = [...up, ...toParts].join('/');
  return `${up.length === 0 ? './' : ''}${rel}${extension}`;
}

/** "src/routes" + "todos.ts" -> "src/routes/todos.ts"; "." + "x.ts" -> "x.ts". */
export const join = (dir: string, file: string): string => (dir === '.' || dir === '' ? file : `${dir}/${file}`);
