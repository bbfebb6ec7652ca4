/** The few Prometheus series the overview reads from GET /metrics (this daemon's own counts). */
export interface DaemonFigures {
  finished: Record<string, number>;
  durationSum: number;
  durationCount: number;
}

export function parseMetrics(text: string): DaemonFigures {
  const figures: DaemonFigures = { finished: {}, durationSum: 0, durationCount: 0 };
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const total = /^agentd_jobs_total\{[^}]*status="([^"]+)"[^}]*\}\s+([0-9.eE+-]+)/.exec(line);
    if (total) figures.finished[total[1]!] = Number(total[2]);
    const sum = /^agentd_jobs_duration_seconds_sum(?:\{[^}]*\})?\s+([0-9.eE+-]+)/.exec(line);
    if (sum) figures.durationSum += Number(sum[1]);
    const count = /^agentd_jobs_duration_seconds_count(?:\{[^}]*\})?\s+([0-9.eE+-]+)/.exec(line);
    if (count) figures.durationCount += Number(count[1]);
  }
  return figures;
}
