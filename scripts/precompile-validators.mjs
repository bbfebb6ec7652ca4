#!/usr/bin/env node
/**
 * Compiles, at build time, the JSON Schemas every agentd process checks: the capability meta schema,
 * the inputSchema of every first-party capability, the project configuration's schema, and the query and
 * body schemas of the daemon's route table (into dist/daemon/http/precompiled-route-validators-*.cjs). Writes dist/core/registry/validators/
 * (ajv's standalone code, one module per schema, named by a hash of the schema's JSON), which the
 * registry uses instead of loading and running ajv: compiling them at start-up was ~0.1 s of a scan.
 * A schema that is not in the file (a third-party capability, or one changed since the last build)
 * is compiled by ajv at run time as before, so a stale file costs time, never correctness.
 * Also writes dist/core/registry/execution-index.json: every capability's meta.execution, which the
 * scan's prefetch reads before any capability module loads (core/registry/execution-index.ts).
 * Runs after `tsc` (npm run build, prepare, test, bench).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const load = (relative) => import(pathToFileURL(path.join(dist, relative)).href);

const { precompileEach, precompileValidators } = await load('core/registry/precompile.js');
const { META_SCHEMA } = await load('core/registry/meta-schema.js');
const { discoverModules } = await load('core/registry/load-registry.js');
const { defaultRoots } = await load('core/registry/default-roots.js');

const { executionIndex, EXECUTION_INDEX_FILE } = await load('core/registry/execution-index.js');

const schemas = [META_SCHEMA];
const metas = [];
for (const capabilityRoot of defaultRoots()) {
  for (const found of await discoverModules(capabilityRoot)) {
    try {
      const exports = await import(pathToFileURL(found.modulePath).href);
      if (exports.meta?.inputSchema) schemas.push(exports.meta.inputSchema);
      if (typeof exports.meta?.id === 'string') metas.push(exports.meta);
    } catch (error) {
      // The registry reports a module that does not load; here it just has no precompiled validator.
      console.warn(`agentd: ${path.relative(root, found.modulePath)} could not be loaded to precompile its inputSchema (${error.message})`);
    }
  }
}
// The project configuration's schema, built from the same metas as at run time (core/project-config/load-config.ts).
try {
  const { buildConfigSchema } = await load('core/project-config/config-schema.js');
  const { loadAnalysisCatalog, configCatalogOf } = await load('core/scan/analysis-catalog.js');
  schemas.push(buildConfigSchema(configCatalogOf(await loadAnalysisCatalog()).metas));
} catch (error) {
  console.warn(`agentd: the agentd.config.json schema could not be built to precompile it (${error.message})`);
}
// One module per schema (a process loads the few it uses), in a folder made afresh; the single file of
// earlier builds is removed so nothing stale is left beside it.
const { VALIDATORS_FOLDER } = await load('core/registry/precompiled-validators.js');
const output = path.join(dist, 'core', 'registry', VALIDATORS_FOLDER);
rmSync(output, { recursive: true, force: true });
rmSync(path.join(dist, 'core', 'registry', 'precompiled-validators.cjs'), { force: true });
mkdirSync(output, { recursive: true });
const modules = precompileEach(schemas);
for (const [key, code] of modules) writeFileSync(path.join(output, `${key}.cjs`), code);
console.log(`agentd: precompiled ${modules.size} JSON Schema validators into ${path.relative(root, output)}/`);
// Every capability's meta.execution, for the scan's prefetch (core/registry/execution-index.ts).
const indexFile = path.join(dist, 'core', 'registry', EXECUTION_INDEX_FILE);
writeFileSync(indexFile, `${JSON.stringify(executionIndex(metas))}\n`);
console.log(`agentd: wrote ${metas.length} capabilities' execution metadata into ${path.relative(root, indexFile)}`);

// The daemon's request validators: every query and body schema of its route table (daemon/http/route-validators.ts).
const { ROUTE_TABLE } = await load('daemon/http/route-table.js');
const { ROUTE_AJV_OPTIONS, precompiledFile } = await load('daemon/http/route-validators.js');
const requestSchemas = { body: [], query: [] };
for (const route of ROUTE_TABLE) {
  if (route.query) requestSchemas.query.push(route.query.schema);
  if (route.body && !route.body.raw)
    requestSchemas.body.push(...(route.body.schema ? [route.body.schema] : Object.values(route.body.forms ?? {})));
}
for (const [kind, list] of Object.entries(requestSchemas)) {
  const file = path.join(dist, 'daemon', 'http', precompiledFile(kind));
  const built = precompileValidators(list, ROUTE_AJV_OPTIONS[kind]);
  writeFileSync(file, built.code);
  console.log(`agentd: precompiled ${built.count} request ${kind} validators into ${path.relative(root, file)}`);
}
