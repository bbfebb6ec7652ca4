/**
 * A step's data as JSON, folded: inline data as the record holds it, large data read from its reference
 * (GET /jobs/:id/data/:index) when opened. Text, never HTML; at most MAX_SHOWN characters are shown.
 */
import { useState } from 'preact/hooks';
import { request } from '../api/client.js';
import type { DataReference } from '../api/types.js';
import { ErrorBox } from './error-box.js';

const MAX_SHOWN = 200_000;

export const isReference = (value: unknown): value is DataReference =>
  typeof value === 'object' &&
  value !== null &&
  (value as DataReference).truncated === true &&
  typeof (value as DataReference).href === 'string';

export function StepData({ data }: { data: unknown }) {
  const [text, setText] = useState<string | null>(isReference(data) ? null : JSON.stringify(data, null, 2));
  const [error, setError] = useState<unknown>(null);
  const load = (open: boolean) => {
    if (!open || text !== null || error || !isReference(data)) return;
    request('GET', data.href)
      .then((response) => response.text())
      .then((json) => setText(JSON.stringify(JSON.parse(json), null, 2)), setError);
  };
  const size = isReference(data) ? ` (${Math.ceil(data.size / 1024)} KB)` : '';
  return (
    <details class="step-data" onToggle={(event) => load((event.currentTarget as HTMLDetailsElement).open)}>
      <summary>Data{size}</summary>
      <ErrorBox error={error} />
      {text !== null ? (
        <pre>{text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}\n… (${text.length - MAX_SHOWN} more characters)` : text}</pre>
      ) : null}
    </details>
  );
}
