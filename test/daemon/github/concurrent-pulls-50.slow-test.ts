/**
 * The figure: 50 pull-request events over 3 daemons sharing the real Redis, each delivered to
 * one daemon and redelivered to another at once — every pull request gets exactly one check run.
 * Slow tier (about 2 minutes on 2 cores); shared-redis.test.ts runs the same scenario with 12.
 */
import { concurrentPulls, startSharedWorld, type SharedWorld } from './concurrent-pulls.js';
import { expectOneCheckRunEach } from './one-check-run-each.js';

const PULLS = 50;

describe('GitHub App: 50 concurrent pull requests over three daemons sharing Redis', function () {
  this.timeout(900_000);
  let shared: SharedWorld;

  before(async () => {
    shared = await startSharedWorld(3);
  });
  after(() => shared?.close());

  it(`${PULLS} pull-request events, each delivered twice to two daemons at once: exactly one completed check run each`, async () => {
    const outcome = await concurrentPulls(shared.world, PULLS, 800_000);
    console.log(`      ${PULLS} pull requests over 3 daemons: all check runs completed in ${(outcome.ms / 1000).toFixed(1)} s`);
    expectOneCheckRunEach(outcome, shared.world);
  });
});
