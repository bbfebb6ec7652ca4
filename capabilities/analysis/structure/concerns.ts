/**
 * Mixed concerns: one module that renders UI and also talks to a database or serves HTTP routes. Only
 * that combination is reported — a route handler that queries a database is ordinary server code.
 * Next.js server files (under app/ or pages/ of a Next project, or marked "use server") may render and
 * fetch data in one module by design, so they are exempt.
 */
import type { ImportRecord } from '../import-graph/extract-imports.js';
import { packageNameOf } from '../import-graph/package-name.js';
import type { FileFacts } from './file-facts.js';

const DB_PACKAGES = new Set([
  'pg',
  'postgres',
  'mysql',
  'mysql2',
  'sqlite3',
  'better-sqlite3',
  'mongodb',
  'mongoose',
  'knex',
  'sequelize',
  'typeorm',
  '@prisma/client',
  'drizzle-orm',
  'kysely',
  'redis',
  'ioredis',
  'mssql',
  'oracledb',
  'tedious',
  '@libsql/client',
  '@neondatabase/serverless',
  '@vercel/postgres',
  '@planetscale/database',
]);
const HTTP_PACKAGES = new Set(['express', 'fastify', 'koa', '@koa/router', 'koa-router', '@hapi/hapi', 'restify', 'polka', 'hono']);

export interface ConcernReport {
  concerns: ('ui' | 'data-access' | 'http-server')[];
  /** The line to report at: where the second concern shows. */
  line: number;
  evidence: string[];
}

function importOf(imports: readonly ImportRecord[], names: ReadonlySet<string>): ImportRecord | undefined {
  return imports.find((i) => !i.typeOnly && names.has(packageNameOf(i.specifier) ?? ''));
}

export function isNextServerFile(file: string, facts: FileFacts, nextProject: boolean): boolean {
  return facts.useServer || (nextProject && /(^|\/)(src\/)?(app|pages)\//.test(file));
}

export function mixedConcerns(file: string, facts: FileFacts, nextProject: boolean): ConcernReport | null {
  if (facts.jsxLine === 0 || !facts.exports || isNextServerFile(file, facts, nextProject)) return null;
  const evidence = [`renders JSX (line ${facts.jsxLine})`];
  const concerns: ConcernReport['concerns'] = ['ui'];
  const lines: number[] = [];
  const db = importOf(facts.imports, DB_PACKAGES);
  if (db || facts.sqlLine > 0) {
    concerns.push('data-access');
    lines.push(db?.line ?? facts.sqlLine);
    evidence.push(db ? `imports "${db.specifier}" (line ${db.line})` : `sends SQL (line ${facts.sqlLine})`);
  }
  const http = importOf(facts.imports, HTTP_PACKAGES);
  if (http || facts.routeLine > 0) {
    concerns.push('http-server');
    lines.push(http?.line ?? facts.routeLine);
    evidence.push(http ? `imports "${http.specifier}" (line ${http.line})` : `registers a route (line ${facts.routeLine})`);
  }
  if (concerns.length < 2) return null;
  // Report where the foreign concern enters the module.
  return { concerns, line: Math.min(...lines), evidence };
}
