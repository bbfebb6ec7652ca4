/** Reports: a workspace's quality score and issue count over time (quality-trend.ts), as a chart and a table. */
import { useEffect, useState } from 'preact/hooks';
import { ErrorBox } from '../components/error-box.js';
import { hrefOf } from '../router.js';
import { qualityTrend, type QualityPoint } from '../quality-trend.js';

function TrendChart({ points }: { points: QualityPoint[] }) {
  const width = 600;
  const height = 120;
  const x = (i: number) => (points.length === 1 ? width / 2 : (i / (points.length - 1)) * width);
  const y = (score: number) => height - (score / 100) * height;
  const line = points.map((p, i) => `${x(i)},${y(p.score)}`).join(' ');
  const first = points[0]!;
  const last = points.at(-1)!;
  return (
    <figure class="trend">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width={width}
        height={height}
        role="img"
        aria-label={`Quality score over ${points.length} runs, from ${first.score} to ${last.score}`}
      >
        <polyline points={line} fill="none" stroke="currentColor" stroke-width="2" />
        {points.map((p, i) => (
          <circle key={p.id} cx={x(i)} cy={y(p.score)} r="3" />
        ))}
      </svg>
      <figcaption id="trend-caption">
        Score {first.score} → {last.score} over {points.length} runs (0–100; grade {last.grade} now)
      </figcaption>
    </figure>
  );
}

export function Reports() {
  const [workspace, setWorkspace] = useState('.');
  const [asked, setAsked] = useState('.');
  // The workspace a trend is of: until the one asked for is back, the last one's rows are not shown under its name.
  const [loaded, setTrend] = useState<{ workspace: string; points: QualityPoint[]; unreadable: number } | null>(null);
  const trend = loaded?.workspace === asked ? loaded : null;
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    let stale = false;
    qualityTrend(asked).then(
      (found) => {
        if (!stale) {
          setTrend({ workspace: asked, ...found });
          setError(null);
        }
      },
      (failure) => !stale && setError(failure),
    );
    return () => {
      stale = true;
    };
  }, [asked]);
  return (
    <main id="main">
      <h1>Reports</h1>
      <form
        class="filters"
        onSubmit={(event) => {
          event.preventDefault();
          setAsked(workspace.trim() || '.');
        }}
      >
        <label>
          Workspace <input name="workspace" value={workspace} onInput={(e) => setWorkspace(e.currentTarget.value)} />
        </label>
        <button type="submit">Show</button>
      </form>
      <ErrorBox error={error} />
      <section aria-labelledby="quality-title">
        <h2 id="quality-title">Quality over time</h2>
        <p class="hint">
          From the succeeded <code>analysis.quality</code> jobs of <code>{asked}</code> and the folders below it (the latest 100). Run one
          from New job or ask the agent to "score the code quality".
        </p>
        {trend === null ? <p>Loading…</p> : null}
        {trend && trend.points.length === 0 ? <p>No quality runs yet for this workspace.</p> : null}
        {trend && trend.points.length > 0 ? <TrendChart points={trend.points} /> : null}
        {trend && trend.unreadable > 0 ? <p class="hint">{trend.unreadable} runs left out: their summary carries no score.</p> : null}
        {trend && trend.points.length > 0 ? (
          <table class="trend-table" data-workspace={trend.workspace}>
            <thead>
              <tr>
                <th scope="col">Finished</th>
                <th scope="col">Score</th>
                <th scope="col">Grade</th>
                <th scope="col">Issues</th>
                <th scope="col">Job</th>
              </tr>
            </thead>
            <tbody>
              {[...trend.points].reverse().map((p) => (
                <tr key={p.id} data-job={p.id}>
                  <td>{new Date(p.at).toLocaleString()}</td>
                  <td>{p.score}</td>
                  <td>{p.grade}</td>
                  <td>{p.findings ?? '—'}</td>
                  <td>
                    <a href={hrefOf({ page: 'job', id: p.id })}>
                      <code>{p.id.slice(0, 8)}</code>
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </section>
    </main>
  );
}
