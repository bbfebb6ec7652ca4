/** File texts kept as isolated-vm copies for the crossing (plugins/sandbox/text-copies.ts): content-addressed, dropped with the pool. */
import { expect } from 'chai';
import { isolatedVm } from '../../plugins/sandbox/run-plugin-step.js';
import { dropTextCopies, externalCopyOf } from '../../plugins/sandbox/text-copies.js';

describe('plugin sandbox: kept text copies', () => {
  afterEach(() => dropTextCopies());

  it('hands out one copy per text, and a changed text gets its own', () => {
    const ivm = isolatedVm();
    const text = 'x'.repeat(4_000);
    const first = externalCopyOf(ivm, text);
    expect(externalCopyOf(ivm, `${'x'.repeat(2_000)}${'x'.repeat(2_000)}`)).to.equal(first);
    const changed = externalCopyOf(ivm, `${text}y`);
    expect(changed).to.not.equal(first);
    expect(changed.copy()).to.equal(`${text}y`);
    expect(first.copy()).to.equal(text);
  });

  it('releases every copy when dropped: a later request makes a new one', () => {
    const ivm = isolatedVm();
    const text = 'ü'.repeat(3_000);
    const kept = externalCopyOf(ivm, text);
    dropTextCopies();
    expect(() => kept.copy()).to.throw();
    const again = externalCopyOf(ivm, text);
    expect(again).to.not.equal(kept);
    expect(again.copy()).to.equal(text);
  });
});
