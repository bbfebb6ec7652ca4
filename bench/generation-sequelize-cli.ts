/**
 * generation.db-schema's Sequelize output run by **sequelize-cli itself** (installed from npm at bench
 * time with the fixture's own pinned versions into a temp folder; agentd never depends on it): for each
 * of the 24 model specs of generation-db-specs.ts (the same seed as generation-db and generation-orm),
 * a copy of fixtures/generation/sequelize-pg gets the model and its create-table migration, then, on a
 * temp PostgreSQL database of its own, `sequelize-cli db:migrate --to` the fixture's first migration (the
 * schema dump "before"), `db:migrate` (the generated one applies through sequelize-cli's umzug runner and
 * its SequelizeMeta bookkeeping; the table holds every column), `db:migrate:status` lists it as up, and
 * `db:migrate:undo` leaves a schema dump identical to "before" (SequelizeMeta included). The share that
 * passes each step (goal 100 %), beside the generation-orm figures that call up/down directly.
 *
 *   node dist/bench/generation-sequelize-cli.js [seed] [count]
 */
import { cp, mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalContext } from '../core/context/index.js';
import { defaultRoots, loadRegistry } from '../core/registry/index.js';
import { applyChanges, changesFromStaged } from '../core/workspace/index.js';
import { run as dbSchema } from '../capabilities/generation/db-schema.js';
import { normaliseModel } from '../capabilities/generation/db-schema/model-spec.js';
import { createTempDatabase, pgColumns } from '../test/capabilities/generation/db-proof/pg-catalog.js';
import { exec, repo } from '../test/capabilities/generation/api/fixture-project.js';
import { benchSpecs } from './generation-db-specs.js';
import { columnsOf, row } from './generation-db-rows.js';

const FIXTURE = path.join(repo, 'fixtures', 'generation', 'sequelize-pg');

/** The fixture's dependencies (sequelize-cli, sequelize, pg at its pinned versions), installed once from npm. */
async function installed(base: string): Promise<string> {
  const dir = path.join(base, 'installed');
  await cp(FIXTURE, dir, { recursive: true });
  const npm = await exec(dir, 'npm', ['install', '--no-audit', '--no-fund', '--loglevel=error']);
  if (npm.code !== 0) throw new Error(`npm install of the fixture's dependencies failed: ${npm.output.slice(0, 500)}`);
  return path.join(dir, 'node_modules');
}

async function generateModel(root: string, spec: object, registry: Awaited<ReturnType<typeof loadRegistry>>): Promise<string[]> {
  const handle = await createLocalContext({ root, limits: { maxToolCalls: 1000 }, invoke: registry.invokeScope('generation.db-schema') });
  await dbSchema(spec as never, handle.ctx);
  const changes = await changesFromStaged(root, handle.staged());
  await applyChanges(root, changes);
  return changes.map((c) => c.path);
}

export async function run(): Promise<void> {
  const seed = Number(process.argv[2] ?? 21);
  const count = Number(process.argv[3] ?? 24);
  const specs = benchSpecs(seed, count);
  const base = await mkdtemp(path.join(tmpdir(), 'agentd-sequelize-cli-'));
  const target = row('sequelize-cli on PostgreSQL', specs.length, ['migrate', 'columns', 'status up', 'undo round-trip']);
  try {
    const modules = await installed(base);
    const cli = path.join(modules, 'sequelize-cli', 'lib', 'sequelize');
    const registry = await loadRegistry({ roots: defaultRoots() });
    for (const [i, spec] of specs.entries()) {
      const root = path.join(base, `spec-${i}`);
      await mkdir(root, { recursive: true });
      await cp(FIXTURE, root, { recursive: true });
      await symlink(modules, path.join(root, 'node_modules'), 'dir');
      const db = await createTempDatabase(`cli${i}`);
      try {
        const files = await generateModel(root, { ...spec, dialect: 'postgresql' }, registry);
        const migration = files.find((f) => f.startsWith('db/migrations/'));
        if (!migration) throw new Error('no migration written');
        const url = `postgres://postgres@127.0.0.1:5432/${db.name}`;
        const sequelizeCli = (...args: string[]) => exec(root, process.execPath, [cli, ...args, '--url', url]);
        const first = (await readdir(path.join(root, 'db', 'migrations'))).sort()[0]!;
        const toFirst = await sequelizeCli('db:migrate', '--to', first);
        if (toFirst.code !== 0) throw new Error(`db:migrate --to ${first}: ${toFirst.output.slice(-300)}`);
        const before = await db.dump();
        const migrate = await sequelizeCli('db:migrate');
        if (migrate.code !== 0) throw new Error(`db:migrate: ${migrate.output.slice(-300)}`);
        target.counts.migrate!++;
        const columns = [...(await pgColumns(db.client, normaliseModel(spec).table)).keys()];
        if (columnsOf(spec).every((c) => columns.includes(c))) target.counts.columns!++;
        else target.failures.push(`${spec.name}: columns ${columns.join(',')} lack some of ${columnsOf(spec).join(',')}`);
        const status = await sequelizeCli('db:migrate:status');
        if (new RegExp(`^up\\s+${path.basename(migration)}`, 'm').test(status.output)) target.counts['status up']!++;
        else target.failures.push(`${spec.name}: db:migrate:status does not list ${path.basename(migration)} as up`);
        const undo = await sequelizeCli('db:migrate:undo');
        if (undo.code !== 0) throw new Error(`db:migrate:undo: ${undo.output.slice(-300)}`);
        if ((await db.dump()) === before) target.counts['undo round-trip']!++;
        else target.failures.push(`${spec.name}: the schema after db:migrate:undo differs from before`);
      } catch (error) {
        target.failures.push(`${spec.name}: ${(error as Error).message.split('\n')[0]}`);
      } finally {
        await db.drop();
      }
    }
  } finally {
    await rm(base, { recursive: true, force: true });
  }
  console.log(`${specs.length} model specs (seed ${seed}), generation.db-schema's Sequelize model + migration, run by sequelize-cli`);
  for (const [key, n] of Object.entries(target.counts)) console.log(`  ${key.padEnd(16)} ${n}/${specs.length}`);
  if (target.failures.length > 0) console.log(`failures:\n  ${target.failures.slice(0, 30).join('\n  ')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
