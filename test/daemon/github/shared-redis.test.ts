import { concurrentPulls, startSharedWorld, type SharedWorld } from './concurrent-pulls.js';
import { expectOneCheckRunEach } from './one-check-run-each.js';

const PULLS = 12;

describe('GitHub App: three daemons sharing Redis and a workspace folder', function () {
  this.timeout(300_000);
  let shared: SharedWorld;

  before(async () => {
    shared = await startSharedWorld(3);
  });
  after(() => shared?.close());

  it(`${PULLS} pull-request events, each delivered to one daemon and redelivered to another at once: exactly one check run each`, async () => {
    const outcome = await concurrentPulls(shared.world, PULLS, 240_000);
    console.log(`      ${PULLS} pull requests over 3 daemons: all check runs completed in ${(outcome.ms / 1000).toFixed(1)} s`);
    expectOneCheckRunEach(outcome, shared.world);
  });
});
