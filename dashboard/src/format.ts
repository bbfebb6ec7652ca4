/** How the pages write times, durations and statuses. */
export function when(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

export function duration(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)} s`;
  return `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}

export function between(start: string | null, end: string | null): string {
  if (!start) return '—';
  return duration((end ? Date.parse(end) : Date.now()) - Date.parse(start));
}

export const statusLabel = (status: string): string => status.replace(/_/g, ' ');
