/**
 * Where a project keeps its migrations and how it names them: Prisma
 * (prisma/migrations/<14 digits>_<name>/migration.sql), Drizzle (<out>/<NNNN>_<name>.sql and
 * meta/_journal.json), Knex (<dir>/<14 digits>_<name>.ts with up/down), plain SQL
 * (migrations/<NNN>_<name>.up.sql / .down.sql), TypeORM (<dir>/<13-digit ms>-<Name>.ts, a class
 * implementing MigrationInterface), Sequelize (sequelize-cli's <dir>/<14 digits>-<kebab-name>.js exporting
 * up(queryInterface)/down(queryInterface); dir from .sequelizerc, dialect from config/config.json). Names are deterministic: the number after the highest existing
 * one, or the timestamp the input gives; the clock only when asked.
 */
import { AgentdError, type CapabilityContext } from '../../../core/index.js';
import type { Dialect } from '../db-schema/model-spec.js';
import { snakeCase } from '../kit/index.js';

export const LAYOUTS = ['prisma', 'drizzle', 'knex', 'typeorm', 'sequelize', 'plain'] as const;
export type Layout = (typeof LAYOUTS)[number];

export interface LayoutInfo {
  layout: Layout;
  /** The migrations folder. */
  dir: string;
  /** Dialect the layout's config declares, if any. */
  dialect: Dialect | null;
  /** Existing migration file paths under `dir`. */
  existing: string[];
  /** Knex, TypeORM, Sequelize: write TypeScript or JavaScript (ESM or CommonJS). */
  language?: 'ts' | 'esm' | 'cjs';
  /** Sequelize: the extension of the project's migrations (js, cjs, ts). */
  extension?: string;
}

async function readIfExists(ctx: CapabilityContext, path: string): Promise<string | null> {
  return (await ctx.workspace.exists(path)) ? ctx.workspace.read(path) : null;
}

async function firstConfig(ctx: CapabilityContext, base: string): Promise<{ path: string; text: string } | null> {
  for (const ext of ['ts', 'js', 'mjs', 'cjs', 'mts']) {
    const text = await readIfExists(ctx, `${base}.${ext}`);
    if (text !== null) return { path: `${base}.${ext}`, text };
  }
  return null;
}

const under = async (ctx: CapabilityContext, dir: string): Promise<string[]> =>
  (await ctx.workspace.list({ include: [`${dir}/**`] })).sort();

/** The layout the input names, else the one the project uses, else plain SQL files in migrations/. */
export async function detectLayout(ctx: CapabilityContext, requested?: Layout, requestedDir?: string): Promise<LayoutInfo> {
  const tools = ctx.project.schemaTools;
  const prismaSchema = (await readIfExists(ctx, 'prisma/schema.prisma')) ?? (await readIfExists(ctx, 'schema.prisma'));
  const drizzleConfig = await firstConfig(ctx, 'drizzle.config');
  const knexfile = await firstConfig(ctx, 'knexfile');
  const pick = async (layout: Layout): Promise<LayoutInfo> => {
    if (layout === 'prisma') {
      const provider = prismaSchema
        ? /provider\s*=\s*"(postgresql|postgres|sqlite)"/.exec(prismaSchema.slice(prismaSchema.indexOf('datasource')))?.[1]
        : undefined;
      const dir = requestedDir ?? 'prisma/migrations';
      return { layout, dir, dialect: provider === 'sqlite' ? 'sqlite' : provider ? 'postgresql' : null, existing: await under(ctx, dir) };
    }
    if (layout === 'drizzle') {
      const out = drizzleConfig ? /out\s*:\s*['"]\.?\/?([^'"]+?)\/?['"]/.exec(drizzleConfig.text)?.[1] : undefined;
      const dialect = drizzleConfig ? /dialect\s*:\s*['"]([a-z]+)['"]/.exec(drizzleConfig.text)?.[1] : undefined;
      const dir = requestedDir ?? out ?? 'drizzle';
      return {
        layout,
        dir,
        dialect: dialect === 'sqlite' || dialect === 'turso' ? 'sqlite' : dialect === 'postgresql' ? 'postgresql' : null,
        existing: await under(ctx, dir),
      };
    }
    if (layout === 'knex') {
      const directory = knexfile ? /directory\s*:\s*['"]\.?\/?([^'"]+?)\/?['"]/.exec(knexfile.text)?.[1] : undefined;
      const client = knexfile ? /client\s*:\s*['"]([a-z0-9-]+)['"]/.exec(knexfile.text)?.[1] : undefined;
      const dir = requestedDir ?? directory ?? 'migrations';
      const existing = await under(ctx, dir);
      const language =
        ctx.project.language === 'typescript' || existing.some((f) => f.endsWith('.ts'))
          ? 'ts'
          : ctx.project.moduleSystem === 'esm'
            ? 'esm'
            : 'cjs';
      const dialect = client
        ? /sqlite/.test(client)
          ? 'sqlite'
          : /^(pg|postgres|postgresql|pgnative)$/.test(client)
            ? 'postgresql'
            : null
        : null;
      return { layout, dir, dialect, existing, language };
    }
    if (layout === 'typeorm') {
      const source = await typeormDataSource(ctx);
      // migrations: ['src/migrations/*.ts'] (or a folder) in the DataSource options.
      const glob = source ? /migrations\s*:\s*\[\s*['"`]\.?\/?([^'"`*]+?)\/?(\*[^'"`]*)?['"`]/.exec(source.text)?.[1] : undefined;
      const dir = requestedDir ?? glob ?? 'src/migrations';
      const existing = await under(ctx, dir);
      const language =
        ctx.project.language === 'typescript' || existing.some((f) => f.endsWith('.ts'))
          ? 'ts'
          : ctx.project.moduleSystem === 'esm'
            ? 'esm'
            : 'cjs';
      const type = source ? /type\s*:\s*['"]([a-z-]+)['"]/.exec(source.text)?.[1] : undefined;
      const dialect = type
        ? /sqlite|sqljs|capacitor|cordova|expo|nativescript|react-native/.test(type)
          ? 'sqlite'
          : /^(postgres|cockroachdb|aurora-postgres)$/.test(type)
            ? 'postgresql'
            : null
        : null;
      return { layout, dir, dialect, existing, language };
    }
    if (layout === 'sequelize') return sequelizeLayout(ctx, requestedDir);
    const dir = requestedDir ?? (await plainDir(ctx)) ?? 'migrations';
    return { layout, dir, dialect: null, existing: await under(ctx, dir) };
  };
  if (requested) return pick(requested);
  if ((await under(ctx, 'prisma/migrations')).length > 0 || tools.includes('prisma')) return pick('prisma');
  if (drizzleConfig || tools.includes('drizzle')) return pick('drizzle');
  if (knexfile || tools.includes('knex')) return pick('knex');
  if (tools.includes('typeorm')) return pick('typeorm');
  if (tools.includes('sequelize') || (await ctx.workspace.exists('.sequelizerc'))) return pick('sequelize');
  return pick('plain');
}

/**
 * sequelize-cli's layout: the folder .sequelizerc names ('migrations-path': path.resolve('db', 'migrations')),
 * else migrations/; the dialect of config/config.json's (or .sequelizerc's config's) development entry; the
 * extension of the migrations there, else .cjs in an ESM package (sequelize-cli require()s them), else .js.
 */
async function sequelizeLayout(ctx: CapabilityContext, requestedDir?: string): Promise<LayoutInfo> {
  const rc = await readIfExists(ctx, '.sequelizerc');
  const pathIn = (key: string): string | undefined => {
    const match = rc ? new RegExp(`['"]${key}['"]\\s*:\\s*path\\.(?:resolve|join)\\(([^)]*)\\)`).exec(rc) : null;
    if (!match) return undefined;
    const parts = [...match[1]!.matchAll(/['"]([^'"]*)['"]/g)].map((m) => m[1]!.replace(/^\.\/?/, '').replace(/\/$/, ''));
    return parts.filter(Boolean).join('/') || undefined;
  };
  const dir = requestedDir ?? pathIn('migrations-path') ?? 'migrations';
  const configPath = pathIn('config') ?? 'config/config.json';
  const config = await readIfExists(ctx, configPath);
  const dialectName = config ? /["']?dialect["']?\s*:\s*["']([a-z]+)["']/.exec(config)?.[1] : undefined;
  const dialect = dialectName === 'sqlite' ? 'sqlite' : dialectName === 'postgres' ? 'postgresql' : null;
  const existing = await under(ctx, dir);
  const extension = existing.map((f) => /\.(c?js|ts)$/.exec(f)?.[1]).find(Boolean) ?? (ctx.project.moduleSystem === 'esm' ? 'cjs' : 'js');
  return { layout: 'sequelize', dir, dialect, existing, language: extension === 'ts' ? 'ts' : 'cjs', extension };
}

/** The file that builds TypeORM's DataSource (new DataSource({ … })) or ormconfig, if any. */
async function typeormDataSource(ctx: CapabilityContext): Promise<{ path: string; text: string } | null> {
  const candidates = (
    await ctx.workspace.list({ extensions: ['.ts', '.js', '.mjs', '.cjs', '.mts', '.json'], exclude: ['node_modules/**', 'dist/**'] })
  )
    .filter((f) => /(^|\/)(data-?source|ormconfig|database|db)\.[cm]?[jt]s(on)?$/i.test(f))
    .sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b));
  for (const path of candidates) {
    const text = await ctx.workspace.read(path);
    if (/new\s+DataSource\s*\(|"migrations"\s*:|^ormconfig/m.test(text) || path.includes('ormconfig')) return { path, text };
  }
  return null;
}

/**
 * The existing migration named `name` (its prefix of digits and `_`/`-` and its extensions taken
 * off, compared in snake_case: TypeORM's CreateUsersTable is create_users_table), or null.
 */
export function sameNamed(names: string[], name: string): string | null {
  // The .up file names a plain migration rather than its .down twin.
  for (const existing of [...names].sort((a, b) => Number(a.includes('.down.')) - Number(b.includes('.down.')))) {
    const match = /^\d+[_-](.+?)(\.(up|down))?(\.[a-z]+)?$/.exec(existing);
    if (match && snakeCase(match[1]!) === name) return existing;
  }
  return null;
}

/** The folder holding *.up.sql files, if the project has one. */
async function plainDir(ctx: CapabilityContext): Promise<string | null> {
  const ups = (await ctx.workspace.list({ include: ['**/*.up.sql'], exclude: ['node_modules/**'] })).sort();
  const first = ups[0];
  return first ? first.slice(0, Math.max(0, first.lastIndexOf('/'))) || '.' : null;
}

/** YYYYMMDDHHMMSS from an input timestamp (digits, or an ISO date), validated. */
export function timestampOf(value: string): string {
  const digits = /^\d{14}$/.test(value)
    ? value
    : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.test(value)
      ? value.slice(0, 19).replace(/\D/g, '')
      : null;
  if (!digits)
    throw new AgentdError('invalid_input', `timestamp: "${value}" is neither 14 digits (YYYYMMDDHHMMSS) nor an ISO date-time`, {
      details: [{ path: '/timestamp', message: 'bad timestamp' }],
    });
  return digits;
}

export function clockTimestamp(now = new Date()): string {
  return now.toISOString().slice(0, 19).replace(/\D/g, '');
}

/** The number after the highest `<digits>_` prefix among `names`, padded to `width`. */
export function nextNumber(names: string[], width: number): string {
  let max = 0n;
  for (const name of names) {
    const match = /^(\d+)_/.exec(name);
    if (match && BigInt(match[1]!) > max) max = BigInt(match[1]!);
  }
  return (max + 1n).toString().padStart(width, '0');
}

export const baseNames = (paths: string[], dir: string): string[] => [...new Set(paths.map((p) => p.slice(dir.length + 1).split('/')[0]!))];
