/**
 * generation.db-schema and generation.migration over a matrix: 24 model specs from a fixed seed ×
 * targets. Per target the share that is valid (Prisma: validated by Prisma's Wasm engine and already
 * in `prisma format`'s layout), type-checks (Drizzle: tsc --noEmit against drizzle-orm), lints
 * (the fixture's ESLint config), is Prettier-idempotent, applies to a real database (SQL DDL,
 * migrations' up) and round-trips (migration up then down: the schema dump identical to the one
 * before), on real PostgreSQL (a temp database) and SQLite (sql.js); plus generation time per
 * capability. Goal 100 % everywhere. No peer: Prisma's own migrate needs its native schema engine,
 * which is not installed (offline), so the Prisma side is checked by Prisma's Wasm engine only.
 *
 *   node dist/bench/generation-db.js [seed] [count]
 */
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ESLint } from 'eslint';
import { createLocalContext } from '../core/context/index.js';
import { applyChanges, changesFromStaged } from '../core/workspace/index.js';
import type { CapabilityContext, StepResult } from '../core/index.js';
import { run as dbSchema } from '../capabilities/generation/db-schema.js';
import { run as migration } from '../capabilities/generation/migration.js';
import { normaliseModel, type FieldSpec } from '../capabilities/generation/db-schema/model-spec.js';
import { formatPrismaSchema, prismaSchemaErrors } from '../capabilities/generation/db-schema/prisma-engine.js';
import { BASE } from '../test/capabilities/generation/db-proof/change-cases.js';
import { createTempDatabase, pgColumns } from '../test/capabilities/generation/db-proof/pg-catalog.js';
import { openSqlite, sqliteColumns, sqliteDump } from '../test/capabilities/generation/db-proof/sqlite-catalog.js';
import { prettierIdempotent, repo, typecheck } from '../test/capabilities/generation/db-proof/project.js';
import { benchSpecs, type BenchSpec } from './generation-db-specs.js';
import { columnsOf, copy, printRows, row, type Row } from './generation-db-rows.js';

type Runner = (input: never, ctx: CapabilityContext) => Promise<StepResult>;

const timings: Record<string, number[]> = { 'generation.db-schema': [], 'generation.migration': [] };

async function generateIn(root: string, capability: 'generation.db-schema' | 'generation.migration', input: object): Promise<string[]> {
  const runner = (capability === 'generation.db-schema' ? dbSchema : migration) as Runner;
  const handle = await createLocalContext({ root, limits: { maxToolCalls: 1000 } });
  const started = performance.now();
  await runner(input as never, handle.ctx);
  timings[capability]!.push(performance.now() - started);
  const changes = await changesFromStaged(root, handle.staged());
  await applyChanges(root, changes);
  return changes.map((c) => c.path);
}

/** add-column input of a spec: fields SQLite (and a non-empty PostgreSQL table) can add: required ones get a default or become optional. */
function addable(spec: BenchSpec): FieldSpec[] {
  return spec.fields.map((f) => {
    const copyOf: FieldSpec = { ...f };
    if (copyOf.default === 'now') delete copyOf.default;
    if (copyOf.default === undefined) copyOf.optional = true;
    return copyOf;
  });
}

export async function run(): Promise<void> {
  const seed = Number(process.argv[2] ?? 21);
  const count = Number(process.argv[3] ?? 24);
  const specs = benchSpecs(seed, count);
  const base = await mkdtemp(path.join(tmpdir(), 'agentd-bench-gen-db-'));
  const rows: Row[] = [];
  const db = await createTempDatabase('bench');
  try {
    // Prisma (PostgreSQL project): the engine validates; the file is in prisma format's layout.
    const prisma = row('db-schema prisma (pg)', specs.length, ['valid', 'formatted']);
    for (const [i, spec] of specs.entries()) {
      const root = await copy(base, 'prisma-pg', `prisma-${i}`);
      try {
        await generateIn(root, 'generation.db-schema', spec);
        const schema = await readFile(path.join(root, 'prisma/schema.prisma'), 'utf8');
        const errors = prismaSchemaErrors(schema);
        if (errors === null) prisma.counts.valid!++;
        else prisma.failures.push(`${spec.name}: ${errors.split('\n')[0]}`);
        if (formatPrismaSchema(schema) === schema) prisma.counts.formatted!++;
      } catch (error) {
        prisma.failures.push(`${spec.name}: ${(error as Error).message}`);
      }
    }
    rows.push(prisma);

    // Drizzle: each spec in its own copy; ESLint with the fixture's config, Prettier; then one tsc run over all copies
    // (the fixture's compiler options), its errors attributed to the copy they are in.
    for (const [fixture, label, pre] of [
      ['drizzle-sqlite', 'db-schema drizzle (sqlite-core)', null],
      ['sql-migrations', 'db-schema drizzle (pg-core)', { name: 'User', target: 'drizzle', fields: [{ name: 'email', unique: true }] }],
    ] as const) {
      const drizzle = row(label, specs.length, ['tsc', 'eslint', 'prettier']);
      const generated: number[] = [];
      for (const [i, spec] of specs.entries()) {
        const root = await copy(base, fixture, `${fixture}-drizzle-${i}`);
        try {
          if (pre) await generateIn(root, 'generation.db-schema', pre);
          await generateIn(root, 'generation.db-schema', { ...spec, target: 'drizzle' });
          generated.push(i);
          const [linted] = await new ESLint({ cwd: root }).lintFiles(['src/db/schema.ts']);
          if (linted!.errorCount === 0 && linted!.warningCount === 0) drizzle.counts.eslint!++;
          else drizzle.failures.push(`${spec.name}: eslint ${linted!.messages[0]?.message}`);
          if (await prettierIdempotent(root, 'src/db/schema.ts')) drizzle.counts.prettier!++;
        } catch (error) {
          drizzle.failures.push(`${spec.name}: ${(error as Error).message}`);
        }
      }
      const options = (
        JSON.parse(await readFile(path.join(repo, 'fixtures', 'generation', fixture, 'tsconfig.json'), 'utf8')) as {
          compilerOptions: object;
        }
      ).compilerOptions;
      await writeFile(
        path.join(base, `tsconfig.${fixture}.json`),
        JSON.stringify({
          compilerOptions: { ...options, types: [] },
          include: generated.map((i) => `${fixture}-drizzle-${i}/src/**/*.ts`),
        }),
      );
      await symlink(path.join(repo, 'node_modules'), path.join(base, 'node_modules'), 'dir').catch(() => undefined);
      const checked = await typecheck(base, ['-p', `tsconfig.${fixture}.json`]);
      for (const i of generated) {
        const errors = checked.output.split('\n').filter((l) => l.startsWith(`${fixture}-drizzle-${i}/`));
        if (errors.length === 0 && (checked.code === 0 || checked.output.includes(`${fixture}-drizzle-`))) drizzle.counts.tsc!++;
        else drizzle.failures.push(`${specs[i]!.name}: ${errors[0] ?? checked.output.split('\n')[0]}`);
      }
      rows.push(drizzle);
    }

    // SQL DDL and migrations on real databases.
    const sqlRows = {
      postgresql: {
        ddl: row('db-schema sql (PostgreSQL)', specs.length, ['applies', 'columns']),
        create: row('migration create-table (PostgreSQL)', specs.length, ['applies', 'columns', 'round-trip']),
        add: row('migration add-column (PostgreSQL)', specs.length, ['applies', 'columns', 'round-trip']),
      },
      sqlite: {
        ddl: row('db-schema sql (SQLite)', specs.length, ['applies', 'columns']),
        create: row('migration create-table (SQLite)', specs.length, ['applies', 'columns', 'round-trip']),
        add: row('migration add-column (SQLite)', specs.length, ['applies', 'columns', 'round-trip']),
      },
    };
    for (const [i, spec] of specs.entries()) {
      for (const dialect of ['postgresql', 'sqlite'] as const) {
        const rowsOf = sqlRows[dialect];
        const root = await copy(base, 'sql-migrations', `sql-${dialect}-${i}`);
        const table = normaliseModel(spec).table;
        const apply = async (
          label: string,
          target: Row,
          work: (
            exec: (sql: string) => Promise<void>,
            dump: () => Promise<string>,
            columns: (t: string) => Promise<string[]>,
          ) => Promise<void>,
        ): Promise<void> => {
          try {
            if (dialect === 'postgresql') {
              await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
              await db.exec(BASE.postgresql);
              await work(
                (sql) => db.exec(sql),
                () => db.dump(),
                async (t) => [...(await pgColumns(db.client, t)).keys()],
              );
            } else {
              const sqlite = await openSqlite();
              sqlite.exec(BASE.sqlite);
              try {
                await work(
                  async (sql) => void sqlite.exec(sql),
                  async () => sqliteDump(sqlite),
                  async (t) => [...sqliteColumns(sqlite, t).keys()],
                );
              } finally {
                sqlite.close();
              }
            }
          } catch (error) {
            target.failures.push(`${spec.name} ${label}: ${(error as Error).message.split('\n')[0]}`);
          }
        };
        const hasAll = (actual: string[], wanted: string[]): boolean => wanted.every((c) => actual.includes(c));
        const [ddlFile] = await generateIn(root, 'generation.db-schema', { ...spec, target: 'sql', dialect, path: `db/${dialect}.sql` });
        await apply('ddl', rowsOf.ddl, async (exec, _dump, columns) => {
          await exec(await readFile(path.join(root, ddlFile!), 'utf8'));
          rowsOf.ddl.counts.applies!++;
          if (hasAll(await columns(table), columnsOf(spec))) rowsOf.ddl.counts.columns!++;
        });
        for (const [kind, target, input] of [
          ['create', rowsOf.create, { ...spec, change: 'create-table', dialect }],
          ['add', rowsOf.add, { name: 'User', change: 'add-column', fields: addable(spec), dialect }],
        ] as const) {
          const files = await generateIn(root, 'generation.migration', input);
          const up = await readFile(
            path.join(
              root,
              files.find((f) => f.endsWith('.up.sql'))!,
            ),
            'utf8',
          );
          const down = await readFile(
            path.join(
              root,
              files.find((f) => f.endsWith('.down.sql'))!,
            ),
            'utf8',
          );
          await apply(kind, target, async (exec, dump, columns) => {
            const before = await dump();
            await exec(up);
            target.counts.applies!++;
            const wanted =
              kind === 'create'
                ? columnsOf(spec)
                : normaliseModel({ name: 'x', fields: addable(spec) })
                    .columns.filter((c) => !c.primary)
                    .map((c) => c.column);
            if (hasAll(await columns(kind === 'create' ? table : 'users'), wanted)) target.counts.columns!++;
            await exec(down);
            if ((await dump()) === before) target.counts['round-trip']!++;
            else target.failures.push(`${spec.name} ${kind}: dump differs after down`);
          });
        }
      }
    }
    for (const dialect of ['postgresql', 'sqlite'] as const) rows.push(sqlRows[dialect].ddl, sqlRows[dialect].create, sqlRows[dialect].add);
  } finally {
    await db.drop();
    await rm(base, { recursive: true, force: true });
  }

  console.log(`generation-db: ${specs.length} specs (seed ${seed}), real PostgreSQL 127.0.0.1:5432 + SQLite (sql.js)`);
  printRows(rows, timings, 38);
  await writeFile(path.join(tmpdir(), 'agentd-bench-generation-db.json'), JSON.stringify({ seed, rows, timings }, null, 2));
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
