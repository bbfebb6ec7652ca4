#!/usr/bin/env node
/**
 * Extracts, from GitHub's official REST OpenAPI description (the `@octokit/openapi` package's
 * generated/api.github.com.json), the request side — path and query parameters, request body — and the
 * JSON schema of each success response (2xx) of the operations the GitHub App calls, with every
 * component they reference, into test/support/fake-github/github-openapi-subset.json. The stand-in
 * validates each request it receives, and each success response it sends, against it.
 *
 * The package is not a dependency: it unpacks to about 400 MB (a 28 MB download), which would slow
 * `npm ci` for everyone. To refresh the subset (a new operation, a newer description):
 *   cd "$(mktemp -d)" && npm pack @octokit/openapi && tar xzf octokit-openapi-*.tgz package/package.json package/generated/api.github.com.json
 *   node <repo>/scripts/extract-github-openapi.mjs "$PWD/package"
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The operations daemon/github calls ("METHOD path" as the description spells the path). */
export const OPERATIONS = [
  'GET /app',
  'POST /app/installations/{installation_id}/access_tokens',
  'POST /repos/{owner}/{repo}/check-runs',
  'PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}',
  'GET /repos/{owner}/{repo}/pulls/{pull_number}',
  'GET /repos/{owner}/{repo}/pulls/{pull_number}/files',
  'GET /repos/{owner}/{repo}/collaborators/{username}/permission',
  'POST /repos/{owner}/{repo}/issues/{issue_number}/comments',
  'POST /repos/{owner}/{repo}/pulls',
  'POST /repos/{owner}/{repo}/code-scanning/sarifs',
];

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(repo, 'test/support/fake-github/github-openapi-subset.json');

/** Text that documents, not constrains: left out to keep the file small. */
const PROSE = new Set(['description', 'summary', 'example', 'examples', 'externalDocs']);

/** `names`: the keys are names (a schema's `properties`), kept even when they spell "description". */
function strip(value, names = false) {
  if (Array.isArray(value)) return value.map((inner) => strip(inner));
  if (value === null || typeof value !== 'object') return value;
  const out = {};
  for (const [key, inner] of Object.entries(value))
    if (names || (!PROSE.has(key) && !key.startsWith('x-'))) out[key] = strip(inner, !names && key === 'properties');
  return out;
}

/** status -> JSON schema of the operation's 2xx responses (a response without a JSON body: null). */
function successResponses(operation) {
  const out = {};
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    if (!/^2\d\d$/.test(status)) continue;
    if (response.$ref) throw new Error(`unexpected response $ref ${response.$ref} for ${operation.operationId} ${status}`);
    const schema = response.content?.['application/json']?.schema;
    out[status] = schema ? strip(schema) : null;
  }
  return out;
}

function main() {
  const folder = process.argv[2];
  if (!folder) {
    console.error('usage: node scripts/extract-github-openapi.mjs <unpacked @octokit/openapi package folder>');
    process.exit(2);
  }
  const pkg = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8'));
  const description = JSON.parse(readFileSync(path.join(folder, 'generated/api.github.com.json'), 'utf8'));
  const components = {};
  const resolve = (ref) => {
    const [, kind, name] = /^#\/components\/([^/]+)\/(.+)$/.exec(ref) ?? [];
    if (!kind) throw new Error(`unexpected $ref ${ref}`);
    return [kind, name, description.components[kind][name]];
  };
  const collect = (value) => {
    if (Array.isArray(value)) return value.forEach(collect);
    if (value === null || typeof value !== 'object') return;
    if (typeof value.$ref === 'string') {
      const [kind, name, target] = resolve(value.$ref);
      components[kind] ??= {};
      if (!(name in components[kind])) {
        components[kind][name] = strip(target);
        collect(target);
      }
    }
    for (const inner of Object.values(value)) collect(inner);
  };
  const operations = {};
  for (const key of OPERATIONS) {
    const [method, route] = key.split(' ');
    const operation = description.paths[route]?.[method.toLowerCase()];
    if (!operation) throw new Error(`${key} is not in the description`);
    const request = {
      operationId: operation.operationId,
      parameters: strip(operation.parameters ?? []),
      requestBody: operation.requestBody ? strip(operation.requestBody) : null,
      responses: successResponses(operation),
    };
    collect(request);
    operations[key] = request;
  }
  const subset = {
    source: { package: pkg.name, version: pkg.version, file: 'generated/api.github.com.json', openapi: description.openapi },
    operations,
    components,
  };
  writeFileSync(OUT, `${JSON.stringify(subset, null, 1)}\n`);
  console.log(`wrote ${path.relative(repo, OUT)}: ${OPERATIONS.length} operations from ${pkg.name}@${pkg.version}`);
}

main();
