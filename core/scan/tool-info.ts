/** agentd's name, version and home page for reports, from the package.json beside dist/. */
import { readFileSync } from 'node:fs';
import type { ToolInfo } from '../report/index.js';

let cached: ToolInfo | undefined;

export function agentdToolInfo(): ToolInfo {
  if (cached) return cached;
  // This file compiles to dist/core/scan/tool-info.js: three levels below the package root.
  const manifest = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    version?: string;
    homepage?: string;
  };
  cached = { name: 'agentd', version: manifest.version ?? '0.0.0', ...(manifest.homepage ? { informationUri: manifest.homepage } : {}) };
  return cached;
}
