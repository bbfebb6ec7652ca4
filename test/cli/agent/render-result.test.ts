import { expect } from 'chai';
import { PLAIN } from '../../../cli/agent/palette.js';
import { renderJobList } from '../../../cli/agent/render-jobs.js';
import { nextSuggestions, renderResult, severityCounts, verificationLine } from '../../../cli/agent/render-result.js';
import { record } from './records.js';

describe('agent prompt: result renderer', () => {
  it('summarises an analysis with the agent head line, counts by severity, top findings and its suggestions', () => {
    const lines = renderResult(record('analysis-succeeded'), PLAIN).split('\n');
    expect(lines[0]).to.match(/^✓ succeeded/);
    expect(lines[1]).to.equal('agent: Done. Audit security (src): 1 step(s).');
    expect(lines[2]).to.equal('1 finding(s): 1 high');
    expect(lines[3]).to.match(/^ {2}high {5}src\/db\.ts:\d+ {2}\S/);
    expect(lines.at(-1)).to.equal(
      'Next: "only high severity" to narrow the findings; "fix the critical ones" or "suggest refactorings" to act on them; "also include the tests folder" to widen the scope',
    );
  });

  it('lists the changed files of an applied change set', () => {
    const text = renderResult(record('rename-applied'), PLAIN);
    expect(text).to.include('agent: Applied 2 change(s).');
    expect(text).to.include('Changed files (2):\n  modify src/greet.ts\n  modify src/db.ts');
  });

  it('shows a clarifying question as the agent turn with numbered options', () => {
    const lines = renderResult(record('question-unclear'), PLAIN).split('\n');
    expect(lines[0]).to.equal('agent: "make it better" can mean several things for the project; which of these did you mean?');
    expect(lines.slice(1, 6)).to.deep.equal([
      '  1) assess code quality',
      '  2) suggest refactorings',
      '  3) simplify the code',
      '  4) audit security',
      '  5) find performance problems',
    ]);
    expect(lines[6]).to.equal('(type your answer, or the number of an option)');
    expect(renderResult(record('question-did-you-mean'), PLAIN)).to.include('did you mean "greet"?\n  1) greet');
  });

  it('shows an unsupported task as a failure with what agentd can do', () => {
    const text = renderResult(record('unsupported-failed'), PLAIN);
    expect(text).to.match(/^✗ failed.*unsupported_task: agentd cannot do "order me a pizza"/);
    expect(text.split('agentd cannot do').length - 1, 'the refusal is said once, not again in the agent line').to.equal(1);
    expect(text).to.match(/\nagent: What agentd can do: /);
    expect(text).to.include('What agentd can do: analysis.complexity (Complexity)');
  });

  it('names the steps that were skipped because their capability is not built yet', () => {
    expect(renderResult(record('build-with-skipped-steps'), PLAIN)).to.include(
      'Not built yet — skipped: generation.api-route, generation.validator, testing.integration, testing.unit, documentation.api, documentation.examples',
    );
  });

  it('counts a capability that several skipped steps need once, and says "no findings" only after an analysis', () => {
    const build = record('build-with-skipped-steps');
    const component = { capability: 'generation.component', available: false, target: null, summary: 'Generate a component' };
    const plan = {
      ...build.plan!,
      steps: [build.plan!.steps[0]!, { ...component, index: 1 }, { ...component, index: 2 }, { ...component, index: 3 }],
    };
    const text = renderResult({ ...build, plan, result: { ...build.result!, findings: [] } }, PLAIN);
    expect(text).to.include('Not built yet — skipped: generation.component ×3\n');
    expect(text).not.to.include('no findings');
    expect(renderResult(record('rename-applied'), PLAIN)).not.to.include('no findings');
    const clean = record('analysis-succeeded');
    expect(renderResult({ ...clean, result: { ...clean.result!, summary: '', findings: [] } }, PLAIN)).to.include('\nno findings\n');
  });

  it('shows a scored report without findings by its summary and its weakest files, not as "no findings"', () => {
    const job = record('analysis-succeeded');
    const summary = 'Quality 85.7/100, grade B, over 16 files and 452 lines of code: 30 issues.';
    const files = [
      { file: 'src/theme.ts', score: 80.2, grade: 'B', findings: 3 },
      { file: 'src/lib/priority.ts', score: 66.4, grade: 'D', findings: 19 },
      { file: 'src/components/TaskSummary.tsx', score: 70.1, grade: 'C', findings: 8 },
      { file: 'src/main.tsx', score: 99, grade: 'A', findings: 0 },
    ];
    const lines = renderResult(
      { ...job, result: { ...job.result!, summary, findings: [], data: [{ overall: { score: 85.7 }, files }] } },
      PLAIN,
    ).split('\n');
    expect(lines).not.to.include('no findings');
    const at = lines.indexOf(summary);
    expect(at).to.be.greaterThan(0);
    expect(lines.slice(at + 1, at + 4)).to.deep.equal([
      '  D   66.4  src/lib/priority.ts  (19 issue(s))',
      '  C   70.1  src/components/TaskSummary.tsx  (8 issue(s))',
      '  B   80.2  src/theme.ts  (3 issue(s))',
    ]);
  });

  it('reports verification from the verify step, and a failed verification from the error', () => {
    const job = record('rename-applied');
    const verified = {
      ...job,
      steps: [
        ...job.steps,
        { index: 1, capability: 'refactoring.verify', status: 'succeeded', summary: 'tsc: 0 errors; npm test: 4 passing' },
      ],
    };
    expect(verificationLine(verified)).to.equal('Verification passed — tsc: 0 errors; npm test: 4 passing');
    const failed = { ...job, status: 'failed', error: { code: 'verification_failed', message: 'npm test failed: 1 failing.' } };
    expect(verificationLine(failed)).to.equal('Verification failed, nothing was written: npm test failed: 1 failing.');
    expect(nextSuggestions({ ...failed, turns: [] })).to.include('/exec npm test to see the failing tests');
    expect(verificationLine(record('analysis-succeeded'))).to.equal(null);
  });

  it('counts findings by severity, most severe first', () => {
    const finding = (severity: string) => ({ ruleId: 'r', severity, message: 'm', file: 'f' });
    expect(severityCounts([finding('low'), finding('critical'), finding('low'), finding('info')])).to.equal(
      '4 finding(s): 1 critical, 2 low, 1 info',
    );
    expect(severityCounts([])).to.equal('no findings');
  });

  it('lists task sessions only, with id, status and task', () => {
    const pipeline = { ...record('analysis-succeeded'), id: 'p-1', kind: 'pipeline', task: null };
    const text = renderJobList([record('rename-awaiting-approval'), pipeline, record('question-unclear')], PLAIN);
    const lines = text.split('\n');
    expect(lines).to.have.length(4);
    expect(lines[1]).to.match(/^[0-9a-f-]{36} {2}awaiting_approval {2}rename greet to welcome in src\/greet\.ts$/);
    expect(lines[2]).to.match(/ {2}succeeded {10}make it better$/);
    expect(text).not.to.include('p-1');
    expect(renderJobList([], PLAIN)).to.match(/^No task sessions yet/);
  });
});
