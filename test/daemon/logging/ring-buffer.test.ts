import { expect } from 'chai';
import { RingBuffer } from '../../../daemon/logging/ring-buffer.js';

describe('RingBuffer', () => {
  it('returns what was pushed, oldest first, until full', () => {
    const ring = new RingBuffer<number>(3);
    ring.push(1);
    ring.push(2);
    expect(ring.toArray()).to.deep.equal([1, 2]);
    expect(ring.length).to.equal(2);
  });

  it('keeps only the newest items once it wraps, any number of times', () => {
    const ring = new RingBuffer<number>(3);
    for (let i = 1; i <= 10; i++) ring.push(i);
    expect(ring.toArray()).to.deep.equal([8, 9, 10]);
    expect(ring.length).to.equal(3);
  });

  it('refuses a capacity that is not a positive integer', () => {
    expect(() => new RingBuffer(0)).to.throw(RangeError);
    expect(() => new RingBuffer(1.5)).to.throw(RangeError);
  });
});
