import { readFileSync } from 'node:fs';

/** The package version, read from package.json next to dist/ (two levels up from dist/cli/). */
export function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
  return manifest.version ?? '0.0.0';
}
