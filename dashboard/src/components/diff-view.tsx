/**
 * A unified diff shown unified or side by side. Lines are text nodes (never HTML), so a diff of a
 * hostile file cannot inject markup. Side by side pairs each run of removed lines with the added run
 * that follows it, as review tools do.
 */
import type { ComponentChildren } from 'preact';
import type { ChangeView } from '../api/types.js';
import { highlight, highlightable } from './highlight.js';

type Row = { kind: 'hunk' | 'context' | 'add' | 'del' | 'meta'; text: string };

function rowsOf(diff: string): Row[] {
  const rows: Row[] = [];
  for (const line of diff.split('\n')) {
    if (line.startsWith('+++') || line.startsWith('---') || line.startsWith('Index:') || line.startsWith('===='))
      rows.push({ kind: 'meta', text: line });
    else if (line.startsWith('@@')) rows.push({ kind: 'hunk', text: line });
    else if (line.startsWith('+')) rows.push({ kind: 'add', text: line.slice(1) });
    else if (line.startsWith('-')) rows.push({ kind: 'del', text: line.slice(1) });
    else if (line.startsWith('\\')) rows.push({ kind: 'meta', text: line });
    else rows.push({ kind: 'context', text: line.slice(1) });
  }
  while (rows.length > 0 && rows.at(-1)!.kind === 'context' && rows.at(-1)!.text === '') rows.pop();
  return rows;
}

type Paint = (row: Row) => ComponentChildren;

function painter(path: string): Paint {
  const code = highlightable(path);
  return (row) => (code && (row.kind === 'add' || row.kind === 'del' || row.kind === 'context') ? highlight(row.text) : row.text);
}

function Unified({ rows, paint }: { rows: Row[]; paint: Paint }) {
  const mark = { hunk: '', context: ' ', add: '+', del: '-', meta: '' };
  return (
    <pre class="diff unified">
      {rows.map((row, i) => (
        <div key={i} class={`line ${row.kind}`}>
          <span class="mark" aria-hidden="true">
            {mark[row.kind]}
          </span>
          {row.kind === 'add' ? <ins>{paint(row)}</ins> : row.kind === 'del' ? <del>{paint(row)}</del> : paint(row)}
        </div>
      ))}
    </pre>
  );
}

function SideBySide({ rows, paint }: { rows: Row[]; paint: Paint }) {
  const pairs: [Row | null, Row | null][] = [];
  for (let i = 0; i < rows.length;) {
    const row = rows[i]!;
    if (row.kind === 'del' || row.kind === 'add') {
      const dels: Row[] = [];
      const adds: Row[] = [];
      while (i < rows.length && rows[i]!.kind === 'del') dels.push(rows[i++]!);
      while (i < rows.length && rows[i]!.kind === 'add') adds.push(rows[i++]!);
      for (let k = 0; k < Math.max(dels.length, adds.length); k++) pairs.push([dels[k] ?? null, adds[k] ?? null]);
    } else {
      pairs.push([row, row]);
      i++;
    }
  }
  const cell = (row: Row | null) => <td class={`line ${row ? row.kind : 'empty'}`}>{row ? paint(row) : ''}</td>;
  return (
    <div class="table-wrap">
      <table class="diff side">
        <thead>
          <tr>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {pairs.map(([left, right], i) => (
            <tr key={i}>
              {cell(left)}
              {cell(right)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function DiffView({ change, sideBySide }: { change: ChangeView; sideBySide: boolean }) {
  const rows = rowsOf(change.diff);
  const paint = painter(change.path);
  return (
    <figure class="change" data-path={change.path}>
      <figcaption>
        <span class={`badge action-${change.action}`}>{change.action}</span> <code>{change.path}</code>
        {change.diffTruncated ? ' (diff cut in the record; load the whole diffs below)' : ''}
      </figcaption>
      {change.diff ? sideBySide ? <SideBySide rows={rows} paint={paint} /> : <Unified rows={rows} paint={paint} /> : <p>No diff text.</p>}
    </figure>
  );
}
