/**
 * A path from an error (absolute from another machine, a container, a CI runner, or relative) to a
 * file of this workspace: under the workspace root it is made relative; otherwise the longest
 * trailing part of it that names a known workspace file wins (`/home/ci/app/src/a.ts` -> `src/a.ts`).
 */
export function toWorkspacePath(raw: string, root: string, known: ReadonlySet<string>): string | null {
  const path = raw.replace(/\\/g, '/');
  const rootSlash = root.replace(/\\/g, '/').replace(/\/?$/, '/');
  if (path.startsWith(rootSlash)) {
    const rel = path.slice(rootSlash.length);
    return known.has(rel) ? rel : null;
  }
  const parts = path.split('/').filter((p) => p !== '' && p !== '.');
  for (let i = 0; i < parts.length; i++) {
    const candidate = parts.slice(i).join('/');
    if (known.has(candidate)) return candidate;
  }
  return null;
}
