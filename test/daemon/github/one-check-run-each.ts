/** The verdict on a concurrent pull-requests outcome (concurrent-pulls.ts), shared by the 12- and 50-pull-request tests. */
import { expect } from 'chai';
import type { ConcurrentOutcome, SharedWorld } from './concurrent-pulls.js';

/** Every delivery answered 202, one accepted and one duplicate per pull request, exactly one check run per head, each on its own file. */
export function expectOneCheckRunEach(outcome: ConcurrentOutcome, world: SharedWorld['world']): void {
  const { replies, runs, events } = outcome;
  expect(
    replies.map((reply) => reply.status),
    JSON.stringify(replies.filter((reply) => reply.status !== 202).map((reply) => reply.body)),
  ).to.deep.equal(replies.map(() => 202));
  expect(replies.filter((reply) => reply.body.accepted === true)).to.have.length(events.length);
  expect(replies.filter((reply) => reply.body.duplicate === true)).to.have.length(events.length);
  expect(runs).to.have.length(events.length);
  for (const event of events) {
    const mine = runs.filter((run) => run.head_sha === event.head);
    expect(mine, event.head).to.have.length(1);
    expect(mine[0]!.conclusion).to.equal('failure');
    expect(mine[0]!.annotations).to.not.be.empty;
    expect(mine[0]!.annotations.every((a) => a.path === event.file && a.start_line === 1)).to.equal(true);
  }
  expect(world.fake.violations).to.deep.equal([]);
  expect(world.fake.responseViolations).to.deep.equal([]);
}
