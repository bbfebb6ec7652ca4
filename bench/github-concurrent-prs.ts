/**
 * The GitHub App under the issue's concurrent load: GH_BENCH_PULLS pull requests (default 50) opened at
 * once on three repositories, each `pull_request.opened` delivered to one daemon and redelivered (same
 * X-GitHub-Delivery) to the next at the same moment, against the tests' strict GitHub stand-in, with
 * real git and the real Redis (127.0.0.1:6379, a fresh key prefix). Timed from the first delivery to the
 * last check run completed, and counted: check runs per pull request (must be exactly one), deliveries
 * accepted and refused as duplicates, requests and responses the OpenAPI description refuses. The peer,
 * measured in the same run on the same load: one daemon alone (same Redis, same stand-in). The daemons
 * run in this one process; each scan is a child process, so both cores are used either way.
 *   node dist/bench/github-concurrent-prs.js
 */
import { pathToFileURL } from 'node:url';
import { concurrentPulls, startSharedWorld } from '../test/daemon/github/concurrent-pulls.js';

const PULLS = Number(process.env.GH_BENCH_PULLS ?? 50);

interface Figures {
  daemons: number;
  seconds: number;
  exactlyOne: number;
  extraRuns: number;
  accepted: number;
  duplicates: number;
  violations: number;
  /** Deliveries (of the 2 per pull request) each daemon accepted. */
  perDaemon: number[];
}

async function measure(daemons: number): Promise<Figures> {
  const shared = await startSharedWorld(daemons);
  try {
    const outcome = await concurrentPulls(shared.world, PULLS, 1_800_000);
    const perHead = new Map<string, number>();
    for (const run of outcome.runs) perHead.set(run.head_sha, (perHead.get(run.head_sha) ?? 0) + 1);
    const perDaemon = Array.from({ length: daemons }, () => 0);
    outcome.replies.forEach((reply, index) => {
      // Replies come in pairs: [delivery to daemon i % n, redelivery to daemon (i + 1) % n].
      const pull = Math.floor(index / 2);
      const daemon = (pull + (index % 2)) % daemons;
      if (reply.body.accepted === true) perDaemon[daemon]!++;
    });
    return {
      daemons,
      seconds: outcome.ms / 1000,
      exactlyOne: outcome.events.filter((event) => perHead.get(event.head) === 1).length,
      extraRuns: outcome.runs.length - perHead.size,
      accepted: outcome.replies.filter((reply) => reply.body.accepted === true).length,
      duplicates: outcome.replies.filter((reply) => reply.body.duplicate === true).length,
      violations: shared.world.fake.violations.length + shared.world.fake.responseViolations.length,
      perDaemon,
    };
  } finally {
    await shared.close();
  }
}

function line(figures: Figures): string {
  return `| ${figures.daemons} | ${figures.seconds.toFixed(1)} s | ${((PULLS / figures.seconds) * 60).toFixed(1)} | ${figures.exactlyOne}/${PULLS} | ${figures.extraRuns} | ${figures.accepted} / ${figures.duplicates} | ${figures.perDaemon.join(' / ')} | ${figures.violations} |`;
}

export async function run(): Promise<void> {
  console.log(
    `${PULLS} pull requests opened at once on 3 repositories, each delivered twice (two daemons, same delivery id); real Redis, real git`,
  );
  const three = await measure(3);
  const one = await measure(1);
  console.log(
    '| daemons | webhooks → all check runs completed | pull requests / min | exactly one check run | extra check runs | accepted / duplicate deliveries | accepted per daemon | OpenAPI violations |',
  );
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  console.log(line(three));
  console.log(`${line(one)}  ← peer: one daemon`);
  console.log(`3 daemons vs 1: ${(one.seconds / three.seconds).toFixed(2)}× the throughput`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await run();
