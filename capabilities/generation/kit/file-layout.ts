/** Reading where a project keeps its files: workspace-path parts and the folder or form most files share. */

export const baseName = (file: string): string => file.slice(file.lastIndexOf('/') + 1);
export const dirName = (file: string): string => (file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '.');

/** The value that occurs most often (ties: the first in sort order), or null for none. */
export function mostCommon<T extends string>(values: T[]): T | null {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: T | null = null;
  for (const [v, n] of counts) if (best === null || n > counts.get(best)! || (n === counts.get(best)! && v < best)) best = v;
  return best;
}
