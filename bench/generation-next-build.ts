/**
 * generation.crud-resource on a Next.js app-router project, checked by Next.js itself: the fixture
 * next-app-pg (whose dependencies, `next` among them, are installed from npm at bench time into a temp
 * copy; agentd never depends on `next`) gets the 20 resources of the API matrix (generation-api-specs.ts,
 * seed 21), then `next build` runs — Next's compile, its TypeScript pass with the route types it writes
 * under `.next/types` (the route handlers' signatures checked against the routes), and page data
 * collection — and `next start` serves the build against the real PostgreSQL at 127.0.0.1:5432 (a
 * schema of its own, each resource's `db/<table>.sql` applied), where every resource is created, listed,
 * read, updated, deleted and then missing over HTTP. The peer is the same fixture's `next build`
 * without the generated resources, measured in the same run.
 *
 *   node dist/bench/generation-next-build.js [specs]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { run as crudResource } from '../capabilities/generation/crud-resource.js';
import { resourceModel, sampleValue, type ResourceModel } from '../capabilities/generation/service/resource-model.js';
import { copyFixture, exec, generate, removeCopies } from '../test/capabilities/generation/api/fixture-project.js';
import { freePort } from '../test/cli/support/agentd-process.js';
import { specs, type Spec } from './generation-api-specs.js';

const DATABASE = 'postgres://postgres@127.0.0.1:5432/test';
const NEXT_ENV = { NEXT_TELEMETRY_DISABLED: '1' };

/** A copy of next-app-pg with its own dependencies installed from npm (not agentd's node_modules). */
async function installedCopy(): Promise<string> {
  const root = await copyFixture('next-app-pg');
  await rm(path.join(root, 'node_modules'), { force: true });
  const npm = await exec(root, 'npm', ['install', '--no-audit', '--no-fund', '--loglevel=error']);
  if (npm.code !== 0) throw new Error(`npm install in the fixture copy failed: ${npm.output.slice(0, 500)}`);
  return root;
}

async function nextBuild(root: string): Promise<{ ok: boolean; ms: number; output: string }> {
  const started = performance.now();
  const out = await exec(root, process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'build'], NEXT_ENV);
  return { ok: out.code === 0, ms: performance.now() - started, output: out.output };
}

async function startServer(root: string, databaseUrl: string): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'start', '-p', String(port)], {
    cwd: root,
    env: { ...process.env, ...NEXT_ENV, DATABASE_URL: databaseUrl },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('next start did not answer /api/health within 30 s');
}

/** Creates, lists, reads, updates, deletes one row of the resource over HTTP; returns what went wrong, if anything. */
async function roundTrip(base: string, model: ResourceModel): Promise<string | null> {
  const url = `${base}/api/${model.pluralKebab}`;
  const body = Object.fromEntries(model.fields.map((f) => [f.name, sampleValue(f, 0)]));
  const json = { 'content-type': 'application/json' };
  const created = await fetch(url, { method: 'POST', headers: json, body: JSON.stringify(body) });
  if (created.status !== 201) return `POST ${created.status}: ${(await created.text()).slice(0, 200)}`;
  const { id } = (await created.json()) as { id: number };
  const list = await fetch(url);
  if (list.status !== 200 || !((await list.json()) as { id: number }[]).some((row) => row.id === id)) return `GET list ${list.status}`;
  const one = await fetch(`${url}/${id}`);
  if (one.status !== 200) return `GET one ${one.status}`;
  const first = model.fields[0]!;
  const patched = await fetch(`${url}/${id}`, {
    method: 'PATCH',
    headers: json,
    body: JSON.stringify({ [first.name]: sampleValue(first, 1) }),
  });
  if (patched.status !== 200) return `PATCH ${patched.status}: ${(await patched.text()).slice(0, 200)}`;
  const deleted = await fetch(`${url}/${id}`, { method: 'DELETE' });
  if (deleted.status !== 204) return `DELETE ${deleted.status}`;
  const gone = await fetch(`${url}/${id}`);
  return gone.status === 404 ? null : `GET after DELETE ${gone.status}`;
}

export async function run(): Promise<void> {
  const count = Number(process.argv[2] ?? 20);
  const all: Spec[] = specs(count, 21);
  const schema = `bench_next_${process.pid}`;
  const admin = new pg.Client({ connectionString: DATABASE });
  let server: ChildProcess | undefined;
  try {
    const root = await installedCopy();
    const peer = await nextBuild(root);
    if (!peer.ok) throw new Error(`next build of the fixture alone failed:\n${peer.output.slice(-1500)}`);
    const models = all.map((s) => resourceModel(s.resource, s.fields));
    const failures: string[] = [];
    for (const spec of all) {
      const { written } = await generate(crudResource as never, root, { resource: spec.resource, fields: spec.fields } as never);
      if (written.length === 0) failures.push(`${spec.resource}: generation wrote nothing`);
    }
    // From scratch, as the peer built: Next's build cache would make the second build look cheaper.
    await rm(path.join(root, '.next'), { recursive: true, force: true });
    const build = await nextBuild(root);
    const routes = (build.output.match(/\/api\/[\w-]+(\/\[id\])?/g) ?? []).filter((r) => r !== '/api/health');
    let served = 0;
    if (build.ok) {
      await admin.connect();
      await admin.query(`CREATE SCHEMA "${schema}"`);
      await admin.query(`SET search_path TO "${schema}"`);
      for (const file of await readdir(path.join(root, 'db'))) await admin.query(await readFile(path.join(root, 'db', file), 'utf8'));
      const url = new URL(DATABASE);
      url.searchParams.set('options', `-c search_path=${schema}`);
      const started = await startServer(root, url.toString());
      server = started.child;
      for (const [i, model] of models.entries()) {
        const problem = await roundTrip(started.base, model);
        if (problem) failures.push(`${all[i]!.resource}: ${problem}`);
        else served++;
      }
    } else {
      failures.push(`next build failed:\n${build.output.slice(-2000)}`);
    }
    console.log(`${count} resources (seed 21) generated by generation.crud-resource into next-app-pg (Next.js, installed at bench time)`);
    console.log(`next build, fixture alone (peer):        ${peer.ok ? 'passes' : 'fails'} in ${(peer.ms / 1000).toFixed(1)} s`);
    console.log(
      `next build with the generated resources: ${build.ok ? 'passes' : 'FAILS'} in ${(build.ms / 1000).toFixed(1)} s (${new Set(routes).size} generated routes listed)`,
    );
    console.log(
      `next start + real PostgreSQL: ${served}/${count} resources created, listed, read, updated, deleted and then 404 over HTTP`,
    );
    if (failures.length > 0) console.log(`failures:\n  ${failures.slice(0, 40).join('\n  ')}`);
  } finally {
    server?.kill();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
    await admin.end().catch(() => undefined);
    await removeCopies();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
