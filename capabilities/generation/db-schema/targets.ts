/** Which schema tool and SQL dialect a db-schema or migration job writes for: the input, else the project. */
import { AgentdError, type CapabilityContext } from '../../../core/index.js';
import type { Dialect } from './model-spec.js';

export const BUILT_TARGETS = ['prisma', 'drizzle', 'typeorm', 'knex', 'sequelize', 'mongoose', 'sql'] as const;
export type Target = (typeof BUILT_TARGETS)[number];

/** The input's target, else the first detected schema tool this capability writes, else plain SQL. */
export function chooseTarget(ctx: CapabilityContext, requested: string | undefined): { target: Target; note?: string } {
  if (requested !== undefined) {
    if ((BUILT_TARGETS as readonly string[]).includes(requested)) return { target: requested as Target };
    throw new AgentdError(
      'invalid_input',
      `target: "${requested}" is not built yet; generation.db-schema writes ${BUILT_TARGETS.join(', ')}`,
      { details: [{ path: '/target', message: 'not built' }] },
    );
  }
  const detected = ctx.project.schemaTools.filter((tool) => tool !== 'none');
  const target = detected.find((tool): tool is Target => (BUILT_TARGETS as readonly string[]).includes(tool));
  if (target) return { target };
  if (detected.length > 0)
    return {
      target: 'sql',
      note: `the project uses ${detected.join(', ')}, which this generator does not write yet; wrote plain SQL instead`,
    };
  return { target: 'sql' };
}

const SQLITE_DRIVERS = ['better-sqlite3', 'sqlite3', 'sqlite', '@libsql/client', 'sql.js', 'bun:sqlite'];
const PG_DRIVERS = ['pg', 'postgres', '@neondatabase/serverless', 'pg-promise', '@vercel/postgres'];

/** The dialect from the project's database driver (package.json), or null. */
export async function dialectFromPackage(ctx: CapabilityContext): Promise<Dialect | null> {
  if (!(await ctx.workspace.exists('package.json'))) return null;
  let pkg: { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
  try {
    pkg = JSON.parse(await ctx.workspace.read('package.json')) as typeof pkg;
  } catch {
    return null;
  }
  const deps = new Set([...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})]);
  if (PG_DRIVERS.some((d) => deps.has(d))) return 'postgresql';
  if (SQLITE_DRIVERS.some((d) => deps.has(d))) return 'sqlite';
  return null;
}

export const DIALECT_NAMES: Record<Dialect, string> = { postgresql: 'PostgreSQL', sqlite: 'SQLite' };
