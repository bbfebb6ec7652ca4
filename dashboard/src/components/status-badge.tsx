import { statusLabel } from '../format.js';

export function StatusBadge({ status }: { status: string }) {
  return <span class={`badge status-${status}`}>{statusLabel(status)}</span>;
}
