/** The plain SQL target: CREATE TABLE (+ indexes, join tables) appended to the project's schema .sql file, or a new db/<table>.sql. */
import { AgentdError, type CapabilityContext } from '../../../core/index.js';
import { renderTemplate } from '../kit/index.js';
import type { Dialect, Model } from './model-spec.js';
import { createTableStatements, sqlScript } from './sql-ddl.js';
import { DIALECT_NAMES } from './targets.js';

export interface SqlResult {
  path: string;
  content: string;
  created: boolean;
  statements: string[];
  notes: string[];
}

/** A schema file that is not a migration: schema.sql, db/schema.sql, … */
async function findSchemaFile(ctx: CapabilityContext): Promise<string | null> {
  const files = await ctx.workspace.list({
    extensions: ['.sql'],
    exclude: ['node_modules/**', '**/migrations/**', 'drizzle/**', 'prisma/**'],
  });
  return (
    files.filter((f) => /(^|\/)schema\.sql$/.test(f)).sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b))[0] ??
    null
  );
}

export async function sqlSchemaFor(ctx: CapabilityContext, model: Model, dialect: Dialect, requested?: string): Promise<SqlResult> {
  const statements = createTableStatements(model, dialect).up;
  const block = (
    await renderTemplate(ctx, 'db-schema', 'sql-schema.eta', { model, dialectName: DIALECT_NAMES[dialect], script: sqlScript(statements) })
  ).text;
  const notes = model.relations
    .filter((r) => r.kind === 'one-to-many')
    .map((r) => `${r.field}: the foreign key of a one-to-many relation lives on ${r.table} (a many-to-one relation of ${r.model})`);
  const path = requested ?? (await findSchemaFile(ctx));
  if (path && (await ctx.workspace.exists(path))) {
    const existing = await ctx.workspace.read(path);
    if (new RegExp(`CREATE\\s+TABLE\\s+(IF\\s+NOT\\s+EXISTS\\s+)?"?${model.table}"?\\s*\\(`, 'i').test(existing)) {
      throw new AgentdError('invalid_input', `name: ${path} already creates the table ${model.table}`, {
        details: [{ path: '/name', message: `${model.table} exists` }],
      });
    }
    return { path, content: `${existing.replace(/\s*$/, '')}\n\n${block}`, created: false, statements, notes };
  }
  return { path: path ?? `db/${model.table}.sql`, content: block, created: true, statements, notes };
}
