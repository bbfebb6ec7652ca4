/**
 * The quality report of an analysis.quality step, as the scan's HTML report shows it: the overall score
 * and grade, the folders and files with the lowest scores, and the top issues. Large step data is read
 * from its reference (GET /jobs/:id/data/:index).
 */
import { useEffect, useState } from 'preact/hooks';
import { getJson } from '../api/client.js';
import { qualityReportOf, worstFirst, type QualityReport } from '../quality-report.js';
import { ErrorBox } from './error-box.js';
import { isReference } from './step-data.js';

const SHOWN = 15;

export function QualityView({ data }: { data: unknown }) {
  const [report, setReport] = useState<QualityReport | null>(isReference(data) ? null : qualityReportOf(data));
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (isReference(data)) getJson<unknown>(data.href).then((whole) => setReport(qualityReportOf(whole)), setError);
  }, [data]);
  if (error) return <ErrorBox error={error} />;
  if (!report) return null;
  const o = report.overall;
  return (
    <section class="quality" aria-labelledby="quality-view-title">
      <h3 id="quality-view-title">
        Quality {o.score}/100, grade {o.grade}
      </h3>
      <p>
        {o.files} files, {o.sloc} lines of code, {o.findings} issues; technical debt {Math.round(o.effortMinutes)} min (
        {(o.debtRatio * 100).toFixed(1)}% of the code's development cost).
      </p>
      <div class="quality-tables">
        <table aria-label="Folders with the lowest scores">
          <caption>Folders, lowest score first</caption>
          <thead>
            <tr>
              <th scope="col">Folder</th>
              <th scope="col">Score</th>
              <th scope="col">Grade</th>
              <th scope="col">Files</th>
              <th scope="col">Issues</th>
            </tr>
          </thead>
          <tbody>
            {worstFirst(report.folders, SHOWN).map((f) => (
              <tr key={f.folder} data-folder={f.folder}>
                <td>
                  <code>{f.folder}</code>
                </td>
                <td>{f.score}</td>
                <td>{f.grade}</td>
                <td>{f.files}</td>
                <td>{f.findings}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table aria-label="Files with the lowest scores">
          <caption>Files, lowest score first</caption>
          <thead>
            <tr>
              <th scope="col">File</th>
              <th scope="col">Score</th>
              <th scope="col">Grade</th>
              <th scope="col">Lines</th>
              <th scope="col">Issues</th>
            </tr>
          </thead>
          <tbody>
            {worstFirst(report.files, SHOWN).map((f) => (
              <tr key={f.file} data-file={f.file}>
                <td>
                  <code>{f.file}</code>
                </td>
                <td>{f.score}</td>
                <td>{f.grade}</td>
                <td>{f.sloc}</td>
                <td>{f.findings}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {report.topIssues.length > 0 ? (
        <>
          <h4>Top issues</h4>
          <ol class="top-issues">
            {report.topIssues.map((issue) => (
              <li key={issue.rank}>
                <span class={`badge sev-${issue.severity}`}>{issue.severity}</span> <code>{issue.ruleId}</code>{' '}
                <code>
                  {issue.file}:{issue.line}
                </code>{' '}
                {issue.message} <span class="hint">({Math.round(issue.effortMinutes)} min)</span>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  );
}
