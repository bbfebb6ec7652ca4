/**
 * documentation.api's OpenAPI output (format openapi) beside what the running code itself says its
 * routes are, measured in the same run:
 * - fixtures/documentation/rest-api: the Fastify app's own router (`hasRoute` after `ready()`, on every
 *   operation we document and routes.json lists) and the Express app answering each operation we
 *   document (routed = any answer but Express's own `Cannot <METHOD>` 404),
 *   both against the hand-written routes.json;
 * - agentd's own daemon/: the paths and methods of the `/openapi.json` it publishes (buildOpenApi over
 *   its route table).
 * Printed: operations found / real / matched / missed / extra, wall time (ours, cold then warm), and how
 * many of the JSON answers we document carry a schema (from a route schema, a TypeScript type or the
 * literal the handler writes) rather than "any JSON".
 *
 *   node dist/bench/documentation-openapi-vs-runtime.js
 */
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { clearCaches } from '../core/cache/index.js';
import { createLocalContext } from '../core/context/index.js';
import { run as apiReference } from '../capabilities/documentation/api.js';
import { ROUTE_TABLE } from '../daemon/http/route-table.js';
import { buildOpenApi } from '../daemon/http/openapi.js';
import { operationsOf, validateOpenApi31 } from '../test/capabilities/documentation/openapi-validator.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const FIXTURE = path.join(repo, 'fixtures/documentation/rest-api');

type Document = { paths: Record<string, Record<string, unknown>> };

/** The document documentation.api stages for `root` (nothing written), its time cold (caches cleared) and warm. */
async function ours(root: string): Promise<{ document: Document; coldMs: number; warmMs: number }> {
  const once = async (): Promise<{ document: Document; ms: number }> => {
    const started = performance.now();
    const handle = await createLocalContext({ root, limits: { maxToolCalls: 1000 } });
    await apiReference({ format: 'openapi', out: 'bench-openapi.json' }, handle.ctx);
    const staged = handle.staged().find((e) => e.path === 'bench-openapi.json');
    return { document: JSON.parse(staged!.content!) as Document, ms: performance.now() - started };
  };
  clearCaches();
  const cold = await once();
  const warm = await once();
  return { document: cold.document, coldMs: cold.ms, warmMs: warm.ms };
}

/** Which of `operations` the Fastify app's own router has (`hasRoute` after `ready()`, plugins and prefixes applied). */
async function fastifyHas(operations: string[]): Promise<string[]> {
  const { buildServer } = (await import(pathToFileURL(path.join(FIXTURE, 'src/fastify-app.js')).href)) as {
    buildServer(): { hasRoute(o: { method: string; url: string }): boolean; ready(): Promise<void>; close(): Promise<void> };
  };
  const app = buildServer();
  await app.ready();
  const has = operations.filter((op) => {
    const [method, p] = op.split(' ') as [string, string];
    return app.hasRoute({ method, url: p.replace(/\{([^}]+)\}/g, ':$1') }) || app.hasRoute({ method, url: `${p}/` });
  });
  await app.close();
  return has;
}

/** Whether the running Express app routes each operation (any answer but its own `Cannot METHOD path` 404). */
async function expressRouted(operations: string[]): Promise<{ routed: string[]; notRouted: string[] }> {
  const { app } = (await import(pathToFileURL(path.join(FIXTURE, 'src/express-app.js')).href)) as {
    app: { listen(port: number, host: string, cb: () => void): { address(): AddressInfo; close(): void } };
  };
  const server = await new Promise<{ address(): AddressInfo; close(): void }>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const base = `http://127.0.0.1:${server.address().port}`;
  const routed: string[] = [];
  const notRouted: string[] = [];
  try {
    for (const op of operations) {
      const [method, p] = op.split(' ') as [string, string];
      const res = await fetch(base + p.replace(/\{[^}]+\}/g, '1'), {
        method,
        headers: { 'content-type': 'application/json' },
        ...(method === 'GET' || method === 'DELETE' ? {} : { body: '{}' }),
      });
      const text = await res.text();
      (res.status === 404 && text.includes(`Cannot ${method}`) ? notRouted : routed).push(op);
    }
  } finally {
    server.close();
  }
  return { routed, notRouted };
}

/** JSON answers documented, and how many say their shape (a non-empty schema), and of those how many only from a handler's literal. */
function typedAnswers(document: Document): { json: number; typed: number; fromLiteral: number } {
  let json = 0;
  let typed = 0;
  let fromLiteral = 0;
  for (const item of Object.values(document.paths))
    for (const operation of Object.values(item) as { responses?: Record<string, { content?: Record<string, Record<string, unknown>> }> }[])
      for (const answer of Object.values(operation.responses ?? {})) {
        const media = answer.content?.['application/json'];
        if (!media) continue;
        json += 1;
        if (media.schema && Object.keys(media.schema).length > 0) typed += 1;
        if (media['x-agentd-schema-from'] === 'handler-literal') fromLiteral += 1;
      }
  return { json, typed, fromLiteral };
}

function compare(found: string[], real: string[]): { matched: number; missed: string[]; extra: string[] } {
  return {
    matched: found.filter((o) => real.includes(o)).length,
    missed: real.filter((o) => !found.includes(o)),
    extra: found.filter((o) => !real.includes(o)),
  };
}

export async function run(): Promise<void> {
  const truth = (JSON.parse(await readFile(path.join(FIXTURE, 'routes.json'), 'utf8')) as { operations: string[] }).operations.sort();
  const fixture = await ours(FIXTURE);
  const found = operationsOf(fixture.document);
  const fastifyOurs = found.filter((o) => /\/(ping|notes)/.test(o));
  const fastifyTruth = truth.filter((o) => /\/(ping|notes)/.test(o));
  const fastify = await fastifyHas([...new Set([...fastifyOurs, ...fastifyTruth])]);
  const expressOurs = found.filter((o) => !/\/(ping|notes)/.test(o));
  const express = await expressRouted(expressOurs);
  const daemon = await ours(path.join(repo, 'daemon'));
  const published = operationsOf(buildOpenApi('0.0.0', ROUTE_TABLE) as Document);
  const daemonFound = operationsOf(daemon.document);

  const rows = [
    {
      name: 'rest-api fixture vs routes.json',
      ...compare(found, truth),
      found: found.length,
      real: truth.length,
      valid: validateOpenApi31(fixture.document).valid,
      ms: fixture,
    },
    {
      name: "rest-api Fastify app vs its own router (hasRoute on ours and routes.json's)",
      ...compare(fastifyOurs, fastify),
      found: fastifyOurs.length,
      real: fastify.length,
      valid: true,
      ms: null,
    },
    {
      name: 'agentd daemon/ vs its /openapi.json',
      ...compare(daemonFound, published),
      found: daemonFound.length,
      real: published.length,
      valid: validateOpenApi31(daemon.document).valid,
      ms: daemon,
    },
  ];
  console.log('| compared | found | real | matched | missed | extra | valid OpenAPI 3.1 | ours cold ms | ours warm ms |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows)
    console.log(
      `| ${r.name} | ${r.found} | ${r.real} | ${r.matched} | ${r.missed.length} | ${r.extra.length} | ${r.valid ? 'yes' : 'NO'} | ${r.ms ? Math.round(r.ms.coldMs) : '-'} | ${r.ms ? Math.round(r.ms.warmMs) : '-'} |`,
    );
  console.log(
    `Express app routes ${express.routed.length} of the ${expressOurs.length} Express operations we document${express.notRouted.length ? `; not routed: ${express.notRouted.join(', ')}` : ''}.`,
  );
  for (const [name, document] of [
    ['rest-api fixture', fixture.document],
    ['agentd daemon/', daemon.document],
  ] as const) {
    const t = typedAnswers(document);
    console.log(
      `${name}: ${t.typed} of ${t.json} JSON answers documented with a schema (${t.fromLiteral} of them from the literal the handler writes).`,
    );
  }
  for (const r of rows)
    if (r.missed.length + r.extra.length > 0)
      console.log(`${r.name}: missed ${r.missed.join(', ') || '-'}; extra ${r.extra.join(', ') || '-'}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await run();
  process.exit(0);
}
