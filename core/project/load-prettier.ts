/**
 * Prettier, imported on first use: its module is ~0.7 MB of JavaScript, and most steps (every scan of a
 * project without a Prettier config) never format anything nor resolve a Prettier config.
 */
type Prettier = typeof import('prettier');

let loading: Promise<Prettier> | null = null;

export function loadPrettier(): Promise<Prettier> {
  return (loading ??= import('prettier'));
}

/** Drops Prettier's own config cache, if Prettier was ever loaded (otherwise there is none). */
export async function clearPrettierConfigCache(): Promise<void> {
  if (loading) await (await loading).clearConfigCache();
}
