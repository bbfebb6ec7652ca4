import { ApiError } from '../api/client.js';

function describe(detail: unknown): string {
  if (typeof detail === 'string') return detail;
  const { path, message } = (detail ?? {}) as { path?: unknown; message?: unknown };
  if (typeof message === 'string') return typeof path === 'string' && path ? `${path}: ${message}` : message;
  return JSON.stringify(detail);
}

/** An error as the API wrote it: its message, its code, and each detail (the field and the problem). */
export function ErrorBox({ error }: { error: unknown }) {
  if (!error) return null;
  const api = error instanceof ApiError ? error : null;
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div class="error" role="alert">
      <p>
        {message}
        {api ? <code class="code"> {api.code}</code> : null}
      </p>
      {api && api.details.length > 0 ? (
        <ul>
          {api.details.map((detail, i) => (
            <li key={i}>{describe(detail)}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
