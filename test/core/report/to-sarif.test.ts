import { expect } from 'chai';
import { FINGERPRINT_KEY, toSarif, toSarifLog } from '../../../core/report/index.js';
import { sarifValidator } from './sarif-schema.js';
import { sampleReport } from './sample-report.js';

type Json = Record<string, any>;

describe('core/report toSarif', () => {
  const log = toSarifLog(sampleReport()) as Json;
  const run = log.runs[0] as Json;
  const rules = run.tool.driver.rules as Json[];

  it('is valid against the official SARIF 2.1.0 schema', () => {
    const validate = sarifValidator();
    const valid = validate(JSON.parse(toSarif(sampleReport())));
    expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).to.deep.equal([]);
    expect(valid).to.equal(true);
  });

  it('the validator itself rejects a log that breaks the schema', () => {
    const validate = sarifValidator();
    const broken = JSON.parse(JSON.stringify(log)) as Json;
    broken.runs[0].results[0].level = 'fatal';
    delete broken.runs[0].tool.driver.name;
    expect(validate(broken)).to.equal(false);
  });

  it('names the schema and version, and describes agentd as the driver', () => {
    expect(log.$schema).to.equal('https://json.schemastore.org/sarif-2.1.0.json');
    expect(log.version).to.equal('2.1.0');
    expect(log.runs).to.have.length(1);
    expect(run.tool.driver).to.include({ name: 'agentd', version: '0.1.0', informationUri: 'https://example.org/agentd' });
  });

  it('documents every rule from its RuleDoc, with CWE and security tags and a security-severity', () => {
    const sql = rules.find((r) => r.id === 'security/sql-injection')!;
    expect(sql.name).to.equal('SecuritySqlInjection');
    expect(sql.shortDescription.text).to.equal('SQL injection');
    expect(sql.fullDescription.text).to.equal('Request input reaches a SQL query string.');
    expect(sql.help.text).to.contain('Use a parameterised query.');
    expect(sql.help.markdown).to.contain('**How to fix.**').and.to.contain('https://cwe.mitre.org/data/definitions/89.html');
    expect(sql.defaultConfiguration.level).to.equal('error');
    expect(sql.properties.tags).to.include.members(['security', 'external/cwe/cwe-89', 'injection']);
    expect(sql.properties['security-severity']).to.equal('9.5');
    // A documented rule with no finding is listed too, so the rule table is complete.
    expect(rules.map((r) => r.id)).to.include('security/hardcoded-secret');
  });

  it('gives an undocumented rule a plain entry without security-severity', () => {
    const complexity = rules.find((r) => r.id === 'complexity/cyclomatic')!;
    expect(complexity.properties).to.not.have.property('security-severity');
    expect(complexity.properties.tags).to.not.include('security');
  });

  it('maps severities to levels and points each result at its rule by index', () => {
    const results = run.results as Json[];
    expect(results.map((r) => [r.ruleId, r.level])).to.deep.equal([
      ['complexity/cyclomatic', 'warning'],
      ['security/sql-injection', 'error'],
    ]);
    for (const result of results) expect(rules[result.ruleIndex].id).to.equal(result.ruleId);
  });

  it('locates results relative to %SRCROOT% with an exclusive end column, and carries the fingerprint', () => {
    const sql = (run.results as Json[]).find((r) => r.ruleId === 'security/sql-injection')!;
    const location = sql.locations[0].physicalLocation;
    expect(location.artifactLocation).to.deep.equal({ uri: 'src/routes/orders.ts', uriBaseId: '%SRCROOT%' });
    expect(location.region).to.deep.equal({ startLine: 8, startColumn: 22, endLine: 8, endColumn: 71 });
    expect(run.originalUriBaseIds['%SRCROOT%'].uri).to.equal('file:///tmp/project/');
    expect(sql.partialFingerprints[FINGERPRINT_KEY]).to.match(/^[0-9a-f]{32}$/);
  });

  it('turns taint evidence into a code flow from source to sink', () => {
    const sql = (run.results as Json[]).find((r) => r.ruleId === 'security/sql-injection')!;
    const steps = sql.codeFlows[0].threadFlows[0].locations as Json[];
    expect(steps.map((s) => s.location.message.text)).to.deep.equal(['source: req.query.id', 'sink: db.query']);
    expect(steps[0]!.location.physicalLocation.region).to.deep.equal({ startLine: 7, startColumn: 14, endLine: 7, endColumn: 26 });
    const complexity = (run.results as Json[]).find((r) => r.ruleId === 'complexity/cyclomatic')!;
    expect(complexity).to.not.have.property('codeFlows');
  });

  it('reports a failed check as an unsuccessful invocation', () => {
    const report = sampleReport();
    report.runs[1] = { ...report.runs[1]!, error: { code: 'capability_error', message: 'boom' } };
    const invocation = (toSarifLog(report) as Json).runs[0].invocations[0];
    expect(invocation.executionSuccessful).to.equal(false);
    expect(invocation.toolExecutionNotifications[0].message.text).to.contain('analysis.complexity failed: boom');
    const validate = sarifValidator();
    expect(validate(toSarifLog(report)), JSON.stringify(validate.errors)).to.equal(true);
  });
});
