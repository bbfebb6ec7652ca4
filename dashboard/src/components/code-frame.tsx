/** A finding's code, folded: opened, it reads GET /jobs/:id/findings/:index/frame (the file as it is now). */
import { useState } from 'preact/hooks';
import { getJson } from '../api/client.js';
import type { FindingFrame } from '../api/types.js';
import { ErrorBox } from './error-box.js';

export function CodeFrame({ jobId, index }: { jobId: string; index: number }) {
  const [frame, setFrame] = useState<FindingFrame | null>(null);
  const [error, setError] = useState<unknown>(null);
  const load = (open: boolean) => {
    if (!open || frame || error) return;
    getJson<FindingFrame>(`/jobs/${encodeURIComponent(jobId)}/findings/${index}/frame`).then(setFrame, setError);
  };
  return (
    <details class="code-frame" onToggle={(event) => load((event.currentTarget as HTMLDetailsElement).open)}>
      <summary>Code</summary>
      <ErrorBox error={error} />
      {frame ? (
        <pre aria-label={`${frame.file} from line ${frame.firstLine}`}>
          {frame.lines.map((line, i) => {
            const number = frame.firstLine + i;
            const hit = number >= frame.range.startLine && number <= frame.range.endLine;
            return (
              <span key={number} class={hit ? 'line hit' : 'line'}>
                <span class="number">{number}</span>
                {line}
                {'\n'}
              </span>
            );
          })}
          {frame.cut ? <span class="hint">(the range goes on; the frame shows its first 40 lines)</span> : null}
        </pre>
      ) : null}
    </details>
  );
}
