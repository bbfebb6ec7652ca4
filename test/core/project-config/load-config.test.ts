import { expect } from 'chai';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isAgentdError } from '../../../core/errors/index.js';
import {
  buildConfigSchema,
  findConfigFile,
  loadProjectConfig,
  readConfigFile,
  type ConfigCatalog,
} from '../../../core/project-config/index.js';
import { configCatalogOf, loadAnalysisCatalog } from '../../../core/scan/index.js';
import { makeProject, writeFiles } from '../scan/sample-project.js';

const SCHEMA_FILE = new URL('../../../../schema/agentd.config.schema.json', import.meta.url);

describe('core/project-config: finding, reading and validating agentd.config.json', () => {
  let catalog: ConfigCatalog;
  before(async () => {
    catalog = configCatalogOf(await loadAnalysisCatalog());
  });

  /** The error a config file gets, as invalid_project_config with its message. */
  function problemsOf(config: unknown, against: ConfigCatalog = catalog): string {
    const root = makeProject({ 'agentd.config.json': typeof config === 'string' ? config : JSON.stringify(config) });
    try {
      readConfigFile(path.join(root, 'agentd.config.json'), against);
    } catch (error) {
      expect(isAgentdError(error) && error.code, String(error)).to.equal('invalid_project_config');
      expect((error as Error).message).to.contain(path.join(root, 'agentd.config.json'));
      return (error as Error).message;
    }
    throw new Error('the file was accepted');
  }

  it('publishes the schema it validates with (schema/agentd.config.schema.json; regenerate with scripts/write-config-schema.mjs)', () => {
    const published = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8'));
    expect(
      published,
      'schema/agentd.config.schema.json is out of date: npm run build && node scripts/write-config-schema.mjs',
    ).to.deep.equal(buildConfigSchema(catalog.metas));
    expect(Object.keys(published.properties.thresholds.properties)).to.include.members(['complexity', 'smells', 'duplication']);
    expect(published.properties.rules.properties).to.have.property('security/sql-injection');
  });

  it('is found in the scanned folder or the nearest folder above it, up to the repository root', () => {
    const root = makeProject({
      'repo/.git/HEAD': 'ref: refs/heads/main\n',
      'repo/agentd.config.json': '{}',
      'repo/packages/api/src/a.ts': '',
    });
    expect(findConfigFile(path.join(root, 'repo/packages/api'))).to.equal(path.join(root, 'repo/agentd.config.json'));
    writeFiles(root, { 'agentd.config.json': '{}', 'other/.git/HEAD': '', 'other/src/a.ts': '' });
    // The walk stops at "other"'s repository root: the file above it belongs to no one it knows.
    expect(findConfigFile(path.join(root, 'other/src'))).to.equal(undefined);
    expect(findConfigFile(path.join(root, 'repo/packages/api'), false)).to.equal(undefined);
  });

  it('accepts .agentdrc.json as the other name, and refuses both in one folder', () => {
    const root = makeProject({ '.git/HEAD': '', '.agentdrc.json': '{"failOn": "low"}' });
    expect(loadProjectConfig(root, catalog).config).to.deep.equal({ failOn: 'low' });
    writeFileSync(path.join(root, 'agentd.config.json'), '{}');
    expect(() => findConfigFile(root)).to.throw(/Both .*agentd\.config\.json.* and .*\.agentdrc\.json.* exist/);
  });

  it('names the unknown key, its value and the closest known key', () => {
    expect(problemsOf({ thresholds: { complexity: { cyclomatc: 12 } } })).to.contain(
      'unknown key "thresholds.complexity.cyclomatc" (value 12); did you mean "cyclomatic"?',
    );
    expect(problemsOf({ exlcude: ['dist/'] })).to.contain('unknown key "exlcude" (value ["dist/"]); did you mean "exclude"?');
  });

  it('names a bad value with the values allowed and the closest one', () => {
    expect(problemsOf({ failOn: 'hihg' })).to.contain(
      '"failOn" is "hihg", which is not one of critical, high, medium, low, info, none; did you mean "high"?',
    );
    expect(problemsOf({ rules: { 'security/sql-injection': 'of' } }))
      .to.contain('"rules.security/sql-injection" is "of"')
      .and.to.contain('did you mean "off"?');
    expect(problemsOf({ thresholds: { duplication: { minTokens: 3 } } })).to.contain(
      '"thresholds.duplication.minTokens" is 3, but must be >= 10',
    );
    expect(problemsOf({ checks: ['securty'] }))
      .to.contain('"checks[0]" is "securty"')
      .and.to.contain('did you mean "security"?');
  });

  it('names a rule no check reports, with the closest rule, and every problem of the file at once', () => {
    const message = problemsOf({
      failOn: 'hihg',
      rules: { 'smells/magic-numbr': 'off', 'smels/*': 'low', 'eslint/no-console': 'off' },
      overrides: [{ files: ['test/**'], rules: { 'security/sqlinjection': 'off' } }],
    });
    expect(message).to.contain(
      '"rules.smells/magic-numbr" names rule "smells/magic-numbr", which no check reports; did you mean "smells/magic-number"?',
    );
    expect(message).to.contain('"rules.smels/*" names rule "smels/*", which no check reports; did you mean "smells/*"?');
    expect(message).to.contain('"overrides[0].rules.security/sqlinjection"').and.to.contain('did you mean "security/sql-injection"?');
    expect(message).to.contain('"failOn" is "hihg"');
    expect(message).to.not.contain('eslint/no-console'); // ESLint's rules are open-ended
  });

  it("checks `options.<check>` against that check's own input schema", () => {
    expect(problemsOf({ options: { duplication: { kinds: ['exact', 'fuzzy'] } } })).to.contain('"options.duplication.kinds[1]"');
    expect(problemsOf({ options: { securty: {} } })).to.contain('"options.securty"');
  });

  it('says when a file is not JSON, and when a profile is set that this agentd cannot run', () => {
    expect(problemsOf('{ "failOn": "high", }')).to.match(/is not valid JSON/);
    // A profile goes to the checks whose input takes one; with none of those registered it cannot apply.
    const profiled = (meta: ConfigCatalog['metas'][number]): boolean =>
      Boolean((meta.inputSchema.properties as Record<string, unknown> | undefined)?.profile);
    expect(catalog.metas.some(profiled), 'analysis.security takes a profile').to.equal(true);
    const without = { ...catalog, metas: catalog.metas.filter((meta) => !profiled(meta)) };
    expect(problemsOf({ profile: 'audit' }, without)).to.contain('"profile" is "audit", but no check of this agentd takes a profile');
  });

  it('reads a valid file once per content', () => {
    const root = makeProject({
      '.git/HEAD': '',
      'agentd.config.json': JSON.stringify({
        $schema: './node_modules/@agentd/cli/schema/agentd.config.schema.json',
        checks: ['security'],
        rules: { '*': 'low' },
      }),
    });
    const first = loadProjectConfig(root, catalog);
    expect(loadProjectConfig(root, catalog)).to.equal(first);
    mkdirSync(path.join(root, 'sub'));
    expect(loadProjectConfig(path.join(root, 'sub'), catalog).config.checks).to.deep.equal(['security']);
  });
});
