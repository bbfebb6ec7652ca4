import { expect } from 'chai';
import { COLOURS, PLAIN, paletteFor, useColour } from '../../../cli/agent/palette.js';
import { changesByStep, colourDiff, renderChanges } from '../../../cli/agent/render-diff.js';
import { APPROVAL_CHOICES, renderPlan } from '../../../cli/agent/render-plan.js';
import { record } from './records.js';

const ESC = '\x1b[';

describe('agent prompt: plan and diff renderers', () => {
  it('numbers the plan steps with capability, target and summary, and counts the staged changes', () => {
    const text = renderPlan(record('rename-awaiting-approval'), PLAIN);
    expect(text).to.include('Plan: Rename a symbol or file (src/greet.ts#greet): 1 step(s).');
    expect(text).to.include(
      '\n 1. refactoring.rename src/greet.ts#greet — Rename function greet (src/greet.ts:1) to welcome across the project',
    );
    expect(text).to.include('note: The project has no tsconfig.json');
    expect(text).to.include('2 staged change(s) in 2 file(s); nothing is written until you approve.');
    expect(APPROVAL_CHOICES).to.equal('[y] approve  [n] reject  [v] view changes  or type to refine');
  });

  it('marks steps whose capability is not built yet as skipped', () => {
    const lines = renderPlan(record('build-with-skipped-steps'), PLAIN).split('\n');
    expect(lines[1]).to.match(/^ 1\. analysis\.structure — Analyse the project structure/);
    expect(lines[1]).not.to.include('skipped');
    const skipped = lines.filter((line) => line.includes('[not built yet — skipped (not built yet)]'));
    expect(skipped.map((line) => line.trim().split(' ')[1])).to.deep.equal([
      'generation.api-route',
      'generation.validator',
      'testing.integration',
      'testing.unit',
      'documentation.api',
      'documentation.examples',
    ]);
  });

  it('groups the staged changes by the step that made them, with their unified diffs', () => {
    const job = record('rename-awaiting-approval');
    const groups = changesByStep(job);
    expect(groups.map((g) => [g.title, g.changes.map((c) => c.path)])).to.deep.equal([
      ['Step 1: refactoring.rename', ['src/db.ts', 'src/greet.ts']],
    ]);
    const text = renderChanges(job, PLAIN);
    expect(text).to.include('── Step 1: refactoring.rename (2 change(s))');
    expect(text).to.include(
      'modify src/greet.ts\n===================================================================\n--- a/src/greet.ts\n+++ b/src/greet.ts',
    );
    expect(text).to.include('-export function greet(name: string): string {');
    expect(text).to.include('+export function welcome(name: string): string {');
  });

  it('falls back to the whole result when the record keeps no per-step changes', () => {
    const job = record('rename-awaiting-approval');
    const flat = { ...job, steps: job.steps.map(({ changes: _changes, ...step }) => step) };
    expect(changesByStep(flat).map((g) => [g.title, g.changes.length])).to.deep.equal([['All steps', 2]]);
  });

  it('says so when nothing is staged', () => {
    expect(renderChanges(record('analysis-succeeded'), PLAIN)).to.equal('No changes are staged: the plan only reads the project.');
  });

  it('colours additions green, removals red and hunk headers cyan, and leaves context lines alone', () => {
    const diff = '--- a/x.ts\n+++ b/x.ts\n@@ -1,2 +1,2 @@\n-old line\n+new line\n context\n';
    const lines = colourDiff(diff, COLOURS).split('\n');
    expect(lines[0]).to.equal(`${ESC}1m--- a/x.ts${ESC}22m`);
    expect(lines[2]).to.equal(`${ESC}36m@@ -1,2 +1,2 @@${ESC}39m`);
    expect(lines[3]).to.equal(`${ESC}31m-old line${ESC}39m`);
    expect(lines[4]).to.equal(`${ESC}32m+new line${ESC}39m`);
    expect(lines[5]).to.equal(' context');
    expect(colourDiff(diff, PLAIN)).to.equal(diff.trimEnd());
  });

  it('colours only on a terminal and never with NO_COLOR', () => {
    expect(useColour({ isTTY: true }, {})).to.equal(true);
    expect(useColour({ isTTY: false }, {})).to.equal(false);
    expect(useColour({}, {})).to.equal(false);
    expect(useColour({ isTTY: true }, { NO_COLOR: '1' })).to.equal(false);
    expect(paletteFor({ isTTY: true }, { NO_COLOR: '1' })).to.equal(PLAIN);
    const coloured = renderChanges(record('rename-awaiting-approval'), paletteFor({ isTTY: true }, {}));
    expect(coloured).to.include(`${ESC}32m+export function welcome(name: string): string {${ESC}39m`);
    expect(renderChanges(record('rename-awaiting-approval'), paletteFor({ isTTY: false }, {}))).not.to.include(ESC);
  });
});
