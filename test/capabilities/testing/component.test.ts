/**
 * testing.component on fixtures/testing/react-vitest-components, through the daemon's executor: the
 * generated tests (props, a click handler, conditional states, a change handler) applied to the copy
 * and then run by the project's own vitest, unchanged (the capability's own three sandbox runs are asserted
 * through data.runs, so one run here proves the real runner agrees) and type-checked with the
 * project's tsconfig; the same input gives the same file; a drafted assertion that fails (a text a
 * child component also shows) is dropped and named in the summary.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { expect } from 'chai';
import type { CaseOutcome } from '../../../core/tester/index.js';
import { fixturePath, REPO, runCase } from '../support/sample-runs.js';

const REACT = { fixture: fixturePath('testing', 'react-vitest-components'), nodeModules: path.join(REPO, 'node_modules') };
const bin = (name: string): string => path.join(REPO, 'node_modules', '.bin', name);

function runIn(cwd: string, file: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', CI: '1' } }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

const staged = (outcome: CaseOutcome, file: string): string => outcome.changes.find((c) => c.path === file)!.after!;

describe('testing.component', function () {
  this.timeout(180_000);

  it('TaskCard: texts, both buttons and the loading/error/done states; the file passes the project vitest unchanged (three runs in the sandbox) and its tsc', async () => {
    let vitest: { code: number; output: string }[] = [];
    let tsc = { code: -1, output: '' };
    const outcome = await runCase('testing.component', {
      ...REACT,
      projectCode: true,
      apply: true,
      input: { component: 'src/components/TaskCard.tsx' },
      check: async (o) => {
        vitest = [];
        vitest.push(await runIn(o.root, bin('vitest'), ['run', 'src/components/TaskCard.test.tsx']));
        tsc = await runIn(o.root, bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
      },
    });
    const data = outcome.result.data as { tests: string[]; dropped: string[]; runs: { passed: number; failed: number }[] };
    expect(data.dropped).to.deep.equal([]);
    expect(data.tests).to.include.members([
      'shows "Test title"',
      'shows "Estimate: 3 h"',
      'calls onToggle when the "Mark done" button is clicked',
      'calls onDelete when the "Delete task" button is clicked',
      'shows "Saving…" when loading is true',
      'does not show "Saving…" when loading is not given',
      'shows "Test error" when error is "Test error"',
      'does not show "All changes saved" when error is "Test error"',
      'calls onToggle when the "Reopen" button is clicked when done is true',
    ]);
    expect(data.runs).to.deep.equal([1, 2, 3].map(() => ({ passed: data.tests.length, failed: 0 })));
    const text = staged(outcome, 'src/components/TaskCard.test.tsx');
    expect(text).to.include('render(\n      <TaskCard\n        title="Test title"\n        priority="low"\n        estimate={3}');
    expect(text).to.include("expect(screen.queryByText('Saving…')).toBeNull();");
    // onClick={() => onToggle(!done)}: the argument evaluated in each state.
    expect(text).to.include(
      "fireEvent.click(screen.getByRole('button', { name: 'Mark done' }));\n    expect(onToggle).toHaveBeenCalledTimes(1);\n    expect(onToggle).toHaveBeenCalledWith(true);",
    );
    expect(text).to.include(
      "fireEvent.click(screen.getByRole('button', { name: 'Reopen' }));\n    expect(onToggle).toHaveBeenCalledTimes(1);\n    expect(onToggle).toHaveBeenCalledWith(false);",
    );
    for (const run of vitest) {
      expect(run.code, run.output).to.equal(0);
      expect(run.output).to.match(new RegExp(`Tests\\s+${data.tests.length} passed \\(${data.tests.length}\\)`));
    }
    expect(tsc.code, tsc.output).to.equal(0);
  });

  it('SearchBox (a default export, a type alias, a change handler): the field is found by its default placeholder; the same input gives the same file', async () => {
    const once = await runCase('testing.component', { ...REACT, projectCode: true, input: { symbol: 'SearchBox' } });
    const twice = await runCase('testing.component', { ...REACT, projectCode: true, input: { component: 'src/components/SearchBox.tsx' } });
    const text = staged(once, 'src/components/SearchBox.test.tsx');
    expect(text).to.include("import SearchBox from './SearchBox';");
    expect(text).to.include("fireEvent.change(screen.getByPlaceholderText('Search tasks'), {");
    expect(text).to.include('expect(onQueryChange).toHaveBeenCalledTimes(1);');
    // onQueryChange(event.target.value): an argument from the event is not asserted.
    expect(text).not.to.include('toHaveBeenCalledWith');
    expect(staged(twice, 'src/components/SearchBox.test.tsx')).to.equal(text);
  });

  it('Toggle (an FC<Props> arrow exported by a list, a checkbox onChange, an optional hint): the checkbox click and both hint states', async () => {
    const outcome = await runCase('testing.component', { ...REACT, projectCode: true, input: { component: 'src/components/Toggle.tsx' } });
    expect((outcome.result.data as { tests: string[] }).tests).to.deep.equal([
      'shows "Test label"',
      'calls onChange when the checkbox is clicked',
      'shows "Test hint" when hint is "Test hint"',
      'does not show "Test hint" when hint is not given',
    ]);
    const text = staged(outcome, 'src/components/Toggle.test.tsx');
    expect(text).to.include('render(<Toggle label="Test label" checked={false} hint="Test hint" onChange={vi.fn()} />);');
    expect(text).to.include("fireEvent.click(screen.getByRole('checkbox'));");
  });

  it('TaskRow (an object prop of an imported interface): the object literal built from the interface, its fields shown, the click asserted', async () => {
    const outcome = await runCase('testing.component', { ...REACT, projectCode: true, input: { component: 'src/components/TaskRow.tsx' } });
    expect((outcome.result.data as { tests: string[] }).tests).to.deep.equal([
      'shows "Test title"',
      'shows "Open Test title"',
      'calls onOpen when the "Open Test title" button is clicked',
    ]);
    const text = staged(outcome, 'src/components/TaskRow.test.tsx');
    expect(text).to.include("render(<TaskRow task={{ id: 'Test id', title: 'Test title', done: false }} onOpen={onOpen} />);");
    expect(text).to.include("expect(onOpen).toHaveBeenCalledWith('Test id');");
  });

  it('NewTaskForm (a form, an optional callback, a disabled state): submitting through its button, the optional Cancel button and the busy label', async () => {
    const outcome = await runCase('testing.component', {
      ...REACT,
      projectCode: true,
      input: { component: 'src/components/NewTaskForm.tsx' },
    });
    expect((outcome.result.data as { tests: string[] }).tests).to.deep.equal([
      'shows "Test submit label"',
      'shows "Cancel"',
      'calls onCreate when the form is submitted with the "Test submit label" button',
      'calls onCancel when the "Cancel" button is clicked',
      'shows "Saving…" when busy is true',
      'does not show "Saving…" when busy is not given',
      'does not show "Test submit label" when busy is true',
      'does not show "Cancel" when onCancel is not given',
    ]);
    // onCreate(title.trim()): the argument is component state, not asserted.
    expect(staged(outcome, 'src/components/NewTaskForm.test.tsx')).not.to.include('toHaveBeenCalledWith');
  });

  it('Panel: the heading text a child component shows too fails its getByText, is dropped and named; the collapsed state is kept', async () => {
    const outcome = await runCase('testing.component', { ...REACT, projectCode: true, input: { component: 'src/components/Panel.tsx' } });
    const data = outcome.result.data as { tests: string[]; dropped: string[] };
    expect(data.dropped).to.deep.equal(['shows "Test heading"']);
    expect(outcome.result.summary).to.include('Dropped 1 drafted test(s) that failed a run: shows "Test heading".');
    expect(data.tests).to.include.members(['shows "Panel body"', 'shows "Test heading is collapsed" when collapsed is true']);
    expect(staged(outcome, 'src/components/Panel.test.tsx')).not.to.include("getByText('Test heading')");
  });
});
