/**
 * The /health prober of the stall bench, in a process of its own so the load the bench generates never
 * delays its clock. argv: JSON { targets: {name: url}[], intervalMs }. Probes every target every
 * interval (each target on its own loop, one request at a time, 10 s timeout) until it gets "stop" on
 * stdin, then prints the latencies per target as JSON and exits.
 */
interface Target {
  name: string;
  url: string;
}

const { targets, intervalMs } = JSON.parse(process.argv[2] ?? '{}') as { targets: Target[]; intervalMs: number };
let running = true;
const results = new Map<string, { latencies: number[]; errors: number }>(targets.map((t) => [t.name, { latencies: [], errors: 0 }]));

async function probe(target: Target): Promise<void> {
  const result = results.get(target.name)!;
  while (running) {
    const started = performance.now();
    try {
      const reply = await fetch(`${target.url}/health`, { signal: AbortSignal.timeout(10_000) });
      await reply.arrayBuffer();
      if (!reply.ok) result.errors += 1;
    } catch {
      result.errors += 1;
    }
    result.latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

const loops = targets.map(probe);
process.stdin.on('data', () => {
  running = false;
  void Promise.all(loops).then(() => {
    process.stdout.write(JSON.stringify(Object.fromEntries(results)));
    process.exit(0);
  });
});
// The bench went away without saying stop: do not probe on as an orphan.
process.stdin.on('end', () => process.exit(0));
process.stdout.write('ready\n');
