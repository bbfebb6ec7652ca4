/** An internal module of analysis.ok: it lives in a subfolder, so discovery must not treat it as a capability. */
export function describeInput(paths: string[]): string {
  return `${paths.length} path(s)`;
}
