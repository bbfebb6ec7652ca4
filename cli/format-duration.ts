/** Seconds as people read an uptime: "45s", "3m 12s", "2h 5m", "4d 1h". Two units at most. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const units: Array<[string, number]> = [
    ['d', 86_400],
    ['h', 3_600],
    ['m', 60],
    ['s', 1],
  ];
  const parts: string[] = [];
  let rest = seconds;
  for (const [suffix, size] of units) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0 || (parts.length > 0 && parts.length < 2)) parts.push(`${count}${suffix}`);
    if (parts.length === 2) break;
  }
  return parts.length === 0 ? '0s' : parts.join(' ');
}
