/**
 * debugging.fix names why it stages nothing: the decision a code needs (refusal-reasons.ts, data), the
 * catalogue's title for other codes, a runtime error or failing test refused before any type-check, a
 * spelling fix undone because the re-check showed a new error (named), a name no module exports.
 * Tiny temp projects (lib es2022, no DOM) keep the in-process type-check short.
 */
import { expect } from 'chai';
import { rm } from 'node:fs/promises';
import { refusalReason } from '../../../capabilities/debugging/fix/fix-loop.js';
import { fixableKind } from '../../../capabilities/debugging/fix/fixable.js';
import { REFUSAL_REASONS } from '../../../capabilities/debugging/fix/refusal-reasons.js';
import { project, refusal } from './refusal-projects.js';

describe('debugging.fix refusal reasons', function () {
  this.timeout(60_000);
  const roots: string[] = [];
  after(async () => {
    for (const root of roots) await rm(root, { recursive: true, force: true });
  });

  it('has a reason for each code it lists, every one a code it does not repair, naming the decision', () => {
    for (const [code, reason] of Object.entries(REFUSAL_REASONS)) {
      expect(fixableKind(Number(code), "Property 'x' does not exist on type 'User'."), code).to.equal(null);
      expect(reason, code).to.match(/decision|setting|safe only/);
      expect(refusalReason(Number(code), 'anything')).to.equal(reason);
    }
    // A code with no listed reason is named by the catalogue's title.
    expect(
      refusalReason(2367, "This comparison appears to be unintentional because the types 'string' and 'number' have no overlap."),
    ).to.match(/^TS2367 \(.+\) is not an error debugging\.fix repairs/);
  });

  it('refuses a failing test and a runtime error before any type-check, saying what they are and where they point', async () => {
    const root = await project({ 'src/a.ts': 'export const a = 1;\n' });
    roots.push(root);
    const vitest = [
      ' FAIL  src/__tests__/string.test.ts > time parsing',
      'ZodError: [ { "code": "invalid_string", "validation": "time", "message": "Invalid time", "path": [] } ]',
      ' ❯ Object.get error [as error] src/types.ts:109:23',
      ' ❯ src/__tests__/string.test.ts:740:8',
    ].join('\n');
    const test = await refusal(root, vitest);
    expect(test.code).to.equal('fix_refused');
    expect(test.message).to.include('the error is a failing test ("time parsing"), not a TypeScript error (ZodError:');
    expect(test.message).to.include('at src/types.ts:109');
    const crash = await refusal(
      root,
      "TypeError: Cannot read properties of undefined (reading 'id')\n    at total (/app/src/orders.ts:12:20)",
    );
    expect(crash.message).to.match(
      /the error is a runtime error, not a TypeScript error \(TypeError: Cannot read properties.*at \/app\/src\/orders\.ts:12\)/,
    );
  });
});
