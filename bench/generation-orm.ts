/**
 * generation.db-schema and generation.migration on the ORM fixtures: 24 model specs from a fixed seed
 * (bench/generation-db-specs.ts, the same as generation-db) × TypeORM, Knex, Sequelize and Mongoose.
 * Per ORM the share that type-checks (tsc under the fixture's tsconfig, one run over all copies, errors
 * attributed to their copy), lints (the fixture's ESLint config, where it has one), is
 * Prettier-idempotent, and — for migrations — is run by the ORM itself on real PostgreSQL (a temp
 * database) and SQLite (sql.js behind the ORM's sqlite3 dialect): up applies, the table holds every
 * column, down leaves a schema dump identical to the one before. Sequelize models are loaded into a
 * real Sequelize with the fixture's User and their attributes compared with the migrated table's
 * columns. Goal 100 % everywhere; generation time per capability. No peer: the ORMs' own generators
 * (typeorm migration:generate, sequelize-cli model:generate) need a live schema diff or write
 * attribute-less stubs, so there is nothing to compare on equal terms.
 *
 *   node dist/bench/generation-orm.js [seed] [count]
 */
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ESLint } from 'eslint';
import knexFactory, { type Knex } from 'knex';
import { DataTypes, Sequelize, type Model, type ModelStatic } from 'sequelize';
import ts from 'typescript';
import { DataSource, type MigrationInterface } from 'typeorm';
import { createLocalContext } from '../core/context/index.js';
import { defaultRoots, loadRegistry } from '../core/registry/index.js';
import { applyChanges, changesFromStaged } from '../core/workspace/index.js';
import type { CapabilityContext, StepResult } from '../core/index.js';
import { run as dbSchema } from '../capabilities/generation/db-schema.js';
import { run as migration } from '../capabilities/generation/migration.js';
import { normaliseModel } from '../capabilities/generation/db-schema/model-spec.js';
import { BASE } from '../test/capabilities/generation/db-proof/change-cases.js';
import { knexOnSqlJs } from '../test/capabilities/generation/db-proof/knex-sqljs.js';
import { createTempDatabase, pgColumns, type TempDatabase } from '../test/capabilities/generation/db-proof/pg-catalog.js';
import { prettierIdempotent, repo, typecheck } from '../test/capabilities/generation/db-proof/project.js';
import { loadMigration, sequelizeOnPg, sequelizeOnSqlJs } from '../test/capabilities/generation/db-proof/sequelize-run.js';
import { sqliteColumns, sqliteDump } from '../test/capabilities/generation/db-proof/sqlite-catalog.js';
import { benchSpecs, type BenchSpec } from './generation-db-specs.js';
import { columnsOf, copy, printRows, row, type Row } from './generation-db-rows.js';

type Runner = (input: never, ctx: CapabilityContext) => Promise<StepResult>;
type Capability = 'generation.db-schema' | 'generation.migration';

const timings: Record<Capability, number[]> = { 'generation.db-schema': [], 'generation.migration': [] };
let invokeScope: Awaited<ReturnType<typeof loadRegistry>> | undefined;

async function generateIn(root: string, capability: Capability, input: object): Promise<string[]> {
  invokeScope ??= await loadRegistry({ roots: defaultRoots() });
  const runner = (capability === 'generation.db-schema' ? dbSchema : migration) as Runner;
  const handle = await createLocalContext({ root, limits: { maxToolCalls: 1000 }, invoke: invokeScope.invokeScope(capability) });
  const started = performance.now();
  await runner(input as never, handle.ctx);
  timings[capability].push(performance.now() - started);
  const changes = await changesFromStaged(root, handle.staged());
  await applyChanges(root, changes);
  return changes.map((c) => c.path);
}

const hasAll = (actual: string[], wanted: string[]): boolean => wanted.every((c) => actual.includes(c));
const message = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split('\n')[0]!;

/** One tsc run over the generated files of every copy (the fixture's compiler options); a count per copy without errors. */
async function typecheckCopies(
  base: string,
  fixture: string,
  labels: Map<number, string>,
  files: Map<number, string>,
  target: Row,
  specs: BenchSpec[],
): Promise<void> {
  const options = (
    JSON.parse(await readFile(path.join(repo, 'fixtures', 'generation', fixture, 'tsconfig.json'), 'utf8')) as { compilerOptions: object }
  ).compilerOptions;
  const config = `tsconfig.${fixture}.json`;
  await writeFile(
    path.join(base, config),
    JSON.stringify({ compilerOptions: { ...options, types: [] }, files: [...files.entries()].map(([i, f]) => `${labels.get(i)}/${f}`) }),
  );
  await symlink(path.join(repo, 'node_modules'), path.join(base, 'node_modules'), 'dir').catch(() => undefined);
  const checked = await typecheck(base, ['-p', config]);
  for (const i of files.keys()) {
    const errors = checked.output.split('\n').filter((l) => l.startsWith(`${labels.get(i)}/`));
    if (errors.length === 0 && (checked.code === 0 || checked.output.includes('): error'))) target.counts.tsc!++;
    else target.failures.push(`${specs[i]!.name}: ${errors[0] ?? checked.output.split('\n')[0]}`);
  }
}

async function lintClean(root: string, file: string): Promise<string | null> {
  const [linted] = await new ESLint({ cwd: root }).lintFiles([file]);
  return linted!.errorCount === 0 && linted!.warningCount === 0
    ? null
    : `eslint ${linted!.messages[0]?.ruleId}: ${linted!.messages[0]?.message}`;
}

/** A dialect's database for a migration round trip: exec, dump, columns of a table. */
interface Database {
  dump(): Promise<string>;
  columns(table: string): Promise<string[]>;
}

async function roundTrip(target: Row, spec: BenchSpec, db: Database, up: () => Promise<void>, down: () => Promise<void>): Promise<void> {
  try {
    const before = await db.dump();
    await up();
    target.counts.applies!++;
    if (hasAll(await db.columns(normaliseModel(spec).table), columnsOf(spec))) target.counts.columns!++;
    else target.failures.push(`${spec.name}: columns missing`);
    await down();
    if ((await db.dump()) === before) target.counts['round-trip']!++;
    else target.failures.push(`${spec.name}: dump differs after down`);
  } catch (error) {
    target.failures.push(`${spec.name}: ${message(error)}`);
  }
}

const pgDatabase = (db: TempDatabase): Database => ({
  dump: () => db.dump(),
  columns: async (t) => [...(await pgColumns(db.client, t)).keys()],
});

export async function run(): Promise<void> {
  const seed = Number(process.argv[2] ?? 21);
  const count = Number(process.argv[3] ?? 24);
  const specs = benchSpecs(seed, count);
  const base = await mkdtemp(path.join(tmpdir(), 'agentd-bench-gen-orm-'));
  const db = await createTempDatabase('bench_orm');
  const resetPg = async (): Promise<void> => {
    await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    await db.exec(BASE.postgresql);
  };
  const rows: Row[] = [];
  try {
    // Knex: the create-table migration, run by a knex instance as its migrator runs one (up(knex) / down(knex)).
    const knexRows = {
      postgresql: row('migration knex (PostgreSQL)', specs.length, ['applies', 'columns', 'round-trip']),
      sqlite: row('migration knex (SQLite)', specs.length, ['applies', 'columns', 'round-trip']),
    };
    for (const [i, spec] of specs.entries()) {
      for (const dialect of ['postgresql', 'sqlite'] as const) {
        const root = await copy(base, 'knex-sqlite', `knex-${dialect}-${i}`);
        try {
          const [file] = await generateIn(root, 'generation.migration', { ...spec, change: 'create-table', dialect });
          const module = createRequire(path.join(root, 'package.json'))(path.join(root, file!)) as {
            up(k: Knex): Promise<void>;
            down(k: Knex): Promise<void>;
          };
          if (dialect === 'postgresql') {
            await resetPg();
            const knex = knexFactory({ client: 'pg', connection: { host: '127.0.0.1', port: 5432, user: 'postgres', database: db.name } });
            try {
              await roundTrip(
                knexRows.postgresql,
                spec,
                pgDatabase(db),
                () => module.up(knex),
                () => module.down(knex),
              );
            } finally {
              await knex.destroy();
            }
          } else {
            const { knex, db: sqlite } = await knexOnSqlJs({});
            try {
              sqlite.exec(BASE.sqlite);
              const database: Database = {
                dump: async () => sqliteDump(sqlite),
                columns: async (t) => [...sqliteColumns(sqlite, t).keys()],
              };
              await roundTrip(
                knexRows.sqlite,
                spec,
                database,
                () => module.up(knex),
                () => module.down(knex),
              );
            } finally {
              await knex.destroy();
            }
          }
        } catch (error) {
          knexRows[dialect].failures.push(`${spec.name}: ${message(error)}`);
        }
      }
    }
    rows.push(knexRows.postgresql, knexRows.sqlite);

    // Sequelize: the model and its migration (db-schema writes both); the migration round trip on both databases,
    // the model loaded with the fixture's User, its attributes = the migrated table's columns.
    const sequelizeRows = {
      postgresql: row('migration sequelize (PostgreSQL)', specs.length, ['applies', 'columns', 'round-trip']),
      sqlite: row('migration sequelize (SQLite)', specs.length, ['applies', 'columns', 'round-trip']),
      model: row('db-schema sequelize model (PostgreSQL)', specs.length, ['prettier', 'loads', 'attributes = columns']),
    };
    for (const [i, spec] of specs.entries()) {
      for (const dialect of ['postgresql', 'sqlite'] as const) {
        const root = await copy(base, 'sequelize-pg', `sequelize-${dialect}-${i}`);
        try {
          const files = await generateIn(root, 'generation.db-schema', { ...spec, dialect });
          const migrationFile = files.find((f) => f.startsWith('db/migrations/'))!;
          const modelFile = files.find((f) => f.startsWith('db/models/'))!;
          const module = loadMigration(root, migrationFile);
          if (dialect === 'postgresql') {
            await resetPg();
            const sequelize = sequelizeOnPg(db.name);
            try {
              const qi = sequelize.getQueryInterface();
              await roundTrip(
                sequelizeRows.postgresql,
                spec,
                pgDatabase(db),
                () => module.up(qi, Sequelize),
                () => module.down(qi, Sequelize),
              );
              const model = sequelizeRows.model;
              if (await prettierIdempotent(root, modelFile)) model.counts.prettier!++;
              else model.failures.push(`${spec.name}: not Prettier-stable`);
              await module.up(qi, Sequelize);
              const require = createRequire(path.join(root, 'package.json'));
              type Factory = (s: Sequelize, d: typeof DataTypes) => ModelStatic<Model> & { associate?(m: object): void };
              const models: Record<string, ReturnType<Factory>> = {};
              for (const file of ['db/models/user.js', modelFile]) {
                const defined = (require(path.join(root, file)) as Factory)(sequelize, DataTypes);
                models[defined.name] = defined;
              }
              for (const defined of Object.values(models)) defined.associate?.(models);
              model.counts.loads!++;
              const table = normaliseModel(spec).table;
              const columns = Object.keys(await qi.describeTable(table)).sort();
              const attributes = Object.values(models[normaliseModel(spec).name]!.getAttributes())
                .map((a) => a.field!)
                .sort();
              if (JSON.stringify(columns) === JSON.stringify(attributes)) model.counts['attributes = columns']!++;
              else model.failures.push(`${spec.name}: attributes ${attributes.join(',')} vs columns ${columns.join(',')}`);
            } finally {
              await sequelize.close();
            }
          } else {
            const { sequelize, db: sqlite } = await sequelizeOnSqlJs();
            try {
              sqlite.exec(BASE.sqlite);
              const qi = sequelize.getQueryInterface();
              const database: Database = {
                dump: async () => sqliteDump(sqlite),
                columns: async (t) => [...sqliteColumns(sqlite, t).keys()],
              };
              await roundTrip(
                sequelizeRows.sqlite,
                spec,
                database,
                () => module.up(qi, Sequelize),
                () => module.down(qi, Sequelize),
              );
            } finally {
              await sequelize.close();
            }
          }
        } catch (error) {
          (dialect === 'postgresql' ? sequelizeRows.model : sequelizeRows.sqlite).failures.push(`${spec.name}: ${message(error)}`);
        }
      }
    }
    rows.push(sequelizeRows.postgresql, sequelizeRows.sqlite, sequelizeRows.model);

    // TypeORM: the entity (tsc with decorators, ESLint, Prettier) and the migration class run by a real DataSource's query runner on PostgreSQL.
    const entity = row('db-schema typeorm entity', specs.length, ['tsc', 'eslint', 'prettier']);
    const typeormMigration = row('migration typeorm (PostgreSQL)', specs.length, ['applies', 'columns', 'round-trip']);
    const labels = new Map<number, string>();
    const entityFiles = new Map<number, string>();
    const dataSource = new DataSource({
      type: 'postgres',
      host: '127.0.0.1',
      port: 5432,
      username: 'postgres',
      database: db.name,
      logging: false,
    });
    await dataSource.initialize();
    try {
      for (const [i, spec] of specs.entries()) {
        const label = `typeorm-${i}`;
        const root = await copy(base, 'typeorm-pg', label);
        try {
          const [file] = await generateIn(root, 'generation.db-schema', spec);
          labels.set(i, label);
          entityFiles.set(i, file!);
          const lint = await lintClean(root, file!);
          if (lint === null) entity.counts.eslint!++;
          else entity.failures.push(`${spec.name}: ${lint}`);
          if (await prettierIdempotent(root, file!)) entity.counts.prettier!++;
          const [migrationFile] = await generateIn(root, 'generation.migration', { ...spec, change: 'create-table' });
          const js = ts.transpileModule(await readFile(path.join(root, migrationFile!), 'utf8'), {
            compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
          }).outputText;
          const compiled = path.join(root, `${migrationFile}.compiled.mjs`);
          await writeFile(compiled, js);
          const MigrationClass = Object.values((await import(compiled)) as Record<string, new () => MigrationInterface>)[0]!;
          await resetPg();
          const runner = dataSource.createQueryRunner();
          try {
            const instance = new MigrationClass();
            await roundTrip(
              typeormMigration,
              spec,
              pgDatabase(db),
              () => instance.up(runner),
              () => instance.down(runner),
            );
          } finally {
            await runner.release();
          }
        } catch (error) {
          entity.failures.push(`${spec.name}: ${message(error)}`);
        }
      }
    } finally {
      await dataSource.destroy();
    }
    await typecheckCopies(base, 'typeorm-pg', labels, entityFiles, entity, specs);
    rows.push(entity, typeormMigration);

    // Mongoose: the schema and model module (tsc with mongoose's types, Prettier); the fixture has no ESLint config.
    const mongoose = row('db-schema mongoose model', specs.length, ['tsc', 'prettier']);
    const mongooseLabels = new Map<number, string>();
    const mongooseFiles = new Map<number, string>();
    for (const [i, spec] of specs.entries()) {
      const label = `mongoose-${i}`;
      const root = await copy(base, 'mongoose-ts', label);
      try {
        const [file] = await generateIn(root, 'generation.db-schema', spec);
        mongooseLabels.set(i, label);
        mongooseFiles.set(i, file!);
        if (await prettierIdempotent(root, file!)) mongoose.counts.prettier!++;
        else mongoose.failures.push(`${spec.name}: not Prettier-stable`);
      } catch (error) {
        mongoose.failures.push(`${spec.name}: ${message(error)}`);
      }
    }
    await typecheckCopies(base, 'mongoose-ts', mongooseLabels, mongooseFiles, mongoose, specs);
    rows.push(mongoose);
  } finally {
    await db.drop();
    await rm(base, { recursive: true, force: true });
  }

  console.log(`generation-orm: ${specs.length} specs (seed ${seed}), real PostgreSQL 127.0.0.1:5432 + SQLite (sql.js)`);
  printRows(rows, timings, 40);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
