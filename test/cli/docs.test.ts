/**
 * `agentd docs` as a user runs it: the real launcher (bin/agentd.js) as a child process on copies of
 * fixtures. Prints the document unless --out or --write; writes only what it says; a clear one-line
 * error and exit 2 for an unknown kind and for a refusal.
 */
import { expect } from 'chai';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, runAgentd } from './support/agentd-process.js';
import { operationsOf, validateOpenApi31 } from '../capabilities/documentation/openapi-validator.js';

const temps: string[] = [];
function copyOf(fixture: string): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'agentd-docs-cli-'));
  temps.push(root);
  cpSync(path.join(REPO_ROOT, 'fixtures', fixture), root, { recursive: true });
  return root;
}

describe('agentd docs (CLI)', function () {
  this.timeout(180_000);
  after(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

  it('openapi --out writes a valid OpenAPI 3.1 document of the real routes there, and nothing into the project', async () => {
    const project = copyOf('documentation/rest-api');
    const target = path.join(mkdtempSync(path.join(os.tmpdir(), 'agentd-docs-out-')), 'api', 'openapi.json');
    temps.push(path.dirname(path.dirname(target)));
    const result = await runAgentd(['docs', 'openapi', project, '--out', target]);
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stdout).to.equal('');
    expect(result.stderr).to.match(/^Wrote .*openapi\.json: OpenAPI 3\.1 with 10 operation\(s\) on 7 path\(s\)/);
    const document = JSON.parse(readFileSync(target, 'utf8')) as { paths: Record<string, Record<string, unknown>> };
    const check = validateOpenApi31(document);
    expect(check.valid, check.errors).to.equal(true);
    const truth = JSON.parse(readFileSync(path.join(project, 'routes.json'), 'utf8')) as { operations: string[] };
    expect(operationsOf(document)).to.deep.equal([...truth.operations].sort());
    expect(existsSync(path.join(project, 'openapi.json'))).to.equal(false);
  });

  it('prints the document without --out or --write, and writes nothing', async () => {
    const project = copyOf('documentation/rest-api');
    const result = await runAgentd(['docs', 'openapi', project]);
    expect(result.code, result.stderr).to.equal(0);
    const printed = JSON.parse(result.stdout) as { openapi: string; paths: Record<string, unknown> };
    expect(printed.openapi).to.equal('3.1.0');
    expect(Object.keys(printed.paths)).to.have.length(7);
    expect(result.stderr).to.match(/^Not written \(no --out or --write\): openapi\.json: /);
    expect(existsSync(path.join(project, 'openapi.json'))).to.equal(false);
  });

  it('--write puts the API reference at its place in the project; --out inside the project is the capability out (README regions)', async () => {
    const project = copyOf('documentation/toolkit');
    const api = await runAgentd(['docs', 'api', project, '--write']);
    expect(api.code, api.stderr).to.equal(0);
    expect(readFileSync(path.join(project, 'docs/api.md'), 'utf8')).to.include('function convert(length: Length, to: Unit): Length');
    expect(api.stderr).to.include('Written: docs/api.md.');
    const readme = await runAgentd(['docs', 'readme', project, '--out', path.join(project, 'docs', 'README.md')]);
    expect(readme.code, readme.stderr).to.equal(0);
    expect(readFileSync(path.join(project, 'docs/README.md'), 'utf8')).to.include('<!-- agentd:begin');
  });

  it('exits 2 with one line for an unknown kind (naming the kinds) and for a capability refusal', async () => {
    const project = copyOf('documentation/toolkit');
    const unknown = await runAgentd(['docs', 'openap', project]);
    expect(unknown.code).to.equal(2);
    expect(unknown.stdout).to.equal('');
    expect(unknown.stderr.trim().split('\n')).to.have.length(1);
    expect(unknown.stderr).to.include(
      'unknown kind "openap" (did you mean "openapi"?); one of: api, openapi, readme, architecture, contributing, examples',
    );
    const refused = await runAgentd(['docs', 'openapi', project]);
    expect(refused.code).to.equal(2);
    expect(refused.stderr).to.match(/^agentd docs: documentation\.api \(documentation_refused\): No HTTP route found/);
    expect(existsSync(path.join(project, 'openapi.json'))).to.equal(false);
  });

  it('is listed in the help, with its kinds', async () => {
    const help = await runAgentd(['docs', '--help']);
    expect(help.code).to.equal(0);
    for (const kind of ['api:', 'openapi:', 'readme:', 'architecture:', 'contributing:', 'examples:']) expect(help.stdout).to.include(kind);
    const top = await runAgentd(['--help']);
    expect(top.stdout).to.include('agentd docs <kind> [path]');
  });
});
