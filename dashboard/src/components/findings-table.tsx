/** Findings with the scan report's filters (severity, check, rule, file, text); "Load all" pages /jobs/:id/findings. */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { ruleDocs } from '../api/capabilities.js';
import { getPage } from '../api/client.js';
import type { Finding, RuleDoc, Severity } from '../api/types.js';
import { CodeFrame } from './code-frame.js';
import { ErrorBox } from './error-box.js';

const SEVERITIES: Severity[] = ['critical', 'high', 'medium', 'low', 'info'];

/** The check a rule belongs to: its namespace (`complexity/cyclomatic` -> `complexity`), as the scan report groups them. */
const checkOf = (ruleId: string): string => (ruleId.includes('/') ? ruleId.slice(0, ruleId.indexOf('/')) : ruleId);

/** The rule's documentation (its capability's meta.rules), folded under its title. */
function RuleHelp({ doc }: { doc: RuleDoc | undefined }) {
  if (!doc) return null;
  return (
    <details class="rule-doc">
      <summary>{doc.title}</summary>
      <p>{doc.description}</p>
      <p>
        <strong>Why:</strong> {doc.why}
      </p>
      <p>
        <strong>Fix:</strong> {doc.fix}
      </p>
      <pre class="example">
        <span class="hint">bad</span>
        {'\n'}
        {doc.example.bad}
        {'\n'}
        <span class="hint">good</span>
        {'\n'}
        {doc.example.good}
      </pre>
    </details>
  );
}

export function FindingsTable({ jobId, preview, total }: { jobId: string; preview: Finding[]; total: number }) {
  const [all, setAll] = useState<Finding[] | null>(null);
  const [severity, setSeverity] = useState('');
  const [check, setCheck] = useState('');
  const [rule, setRule] = useState('');
  const [file, setFile] = useState('');
  const [text, setText] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(false);
  const [docs, setDocs] = useState<Map<string, RuleDoc>>(new Map());
  useEffect(() => {
    ruleDocs().then(setDocs, () => setDocs(new Map()));
  }, []);
  const findings = all ?? preview;
  const rules = useMemo(() => [...new Set(findings.map((f) => f.ruleId))].sort(), [findings]);
  const checks = useMemo(() => [...new Set(findings.map((f) => checkOf(f.ruleId)))].sort(), [findings]);
  // Each finding keeps its index in the job's whole list (the frame route addresses it by that).
  const shown = findings.flatMap((f, index) =>
    (!severity || f.severity === severity) &&
    (!check || checkOf(f.ruleId) === check) &&
    (!rule || f.ruleId === rule) &&
    (!file || f.file.toLowerCase().includes(file.toLowerCase())) &&
    (!text || `${f.file}\n${f.message}`.toLowerCase().includes(text.toLowerCase()))
      ? [{ f, index }]
      : [],
  );
  const loadAll = async () => {
    setLoading(true);
    try {
      const rows: Finding[] = [];
      let next: string | null = `/jobs/${encodeURIComponent(jobId)}/findings?limit=1000`;
      while (next) {
        const page: Awaited<ReturnType<typeof getPage<Finding>>> = await getPage<Finding>(next);
        rows.push(...page.items);
        next = page.next;
      }
      setAll(rows);
    } catch (failure) {
      setError(failure);
    } finally {
      setLoading(false);
    }
  };
  return (
    <section aria-labelledby="findings-title">
      <h2 id="findings-title">Findings ({total})</h2>
      <form class="filters" aria-label="Filter findings" onSubmit={(e) => e.preventDefault()}>
        <label>
          Severity
          <select name="severity" value={severity} onChange={(e) => setSeverity(e.currentTarget.value)}>
            <option value="">any</option>
            {SEVERITIES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label>
          Check
          <select name="check" value={check} onChange={(e) => setCheck(e.currentTarget.value)}>
            <option value="">any</option>
            {checks.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <label>
          Rule
          <select name="rule" value={rule} onChange={(e) => setRule(e.currentTarget.value)}>
            <option value="">any</option>
            {rules.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </label>
        <label>
          File
          <input name="finding-file" type="search" value={file} onInput={(e) => setFile(e.currentTarget.value)} />
        </label>
        <label>
          File or message
          <input name="finding-text" type="search" value={text} onInput={(e) => setText(e.currentTarget.value)} />
        </label>
      </form>
      <p class="count" aria-live="polite">
        {shown.length} shown of {findings.length} loaded, {total} in the result
      </p>
      {all === null && total > preview.length ? (
        <button type="button" disabled={loading} onClick={() => void loadAll()}>
          Load all {total}
        </button>
      ) : null}
      <ErrorBox error={error} />
      <div class="table-wrap">
        <table class="findings">
          <thead>
            <tr>
              <th scope="col">Severity</th>
              <th scope="col">Rule</th>
              <th scope="col">Where</th>
              <th scope="col">Message</th>
            </tr>
          </thead>
          <tbody>
            {shown.slice(0, 2000).map(({ f, index }) => (
              <tr key={index} data-finding={index}>
                <td>
                  <span class={`badge sev-${f.severity}`}>{f.severity}</span>
                </td>
                <td>
                  <code>{f.ruleId}</code>
                  {f.cwe ? ` ${f.cwe}` : ''}
                  <RuleHelp doc={docs.get(f.ruleId)} />
                </td>
                <td>
                  <code>
                    {f.file}:{f.range.startLine}
                  </code>
                  <CodeFrame jobId={jobId} index={index} />
                </td>
                <td>{f.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {shown.length > 2000 ? <p>The first 2,000 are shown; narrow the filters to see the rest.</p> : null}
    </section>
  );
}
