#!/usr/bin/env node
/**
 * Writes schema/agentd.config.schema.json, the published JSON Schema of a project's agentd.config.json
 * (editors complete the file with it through its "$schema" key). Built from the installed analysis
 * checks' metas by core/project-config/config-schema.ts, the same schema agentd validates a file with;
 * test/core/project-config/config-schema.test.ts fails when the committed file is out of date. Run it
 * after changing a check's thresholds or rules: `npm run build && node scripts/write-config-schema.mjs`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const load = (relative) => import(pathToFileURL(path.join(root, 'dist', relative)).href);

const { buildConfigSchema } = await load('core/project-config/config-schema.js');
const { loadAnalysisCatalog, configCatalogOf } = await load('core/scan/analysis-catalog.js');
const schema = buildConfigSchema(configCatalogOf(await loadAnalysisCatalog()).metas);
const output = path.join(root, 'schema', 'agentd.config.schema.json');
mkdirSync(path.dirname(output), { recursive: true });
writeFileSync(output, `${JSON.stringify(schema, null, 2)}\n`);
console.log(`agentd: wrote ${path.relative(root, output)}`);
