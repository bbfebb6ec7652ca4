#!/usr/bin/env node
// Thin launcher: the CLI is TypeScript compiled to dist/ by `npm install` (prepare) or `npm run build`.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  console.error('agentd is not built yet: run "npm run build" in ' + fileURLToPath(new URL('..', import.meta.url)));
  process.exit(1);
}
// `agentd scan` starts from the scan bundle when there is a current one (dist/cli/scan-launch.js).
if (process.argv[2] === 'scan') {
  const { scanFromBundle } = await import(new URL('../dist/cli/scan-launch.js', import.meta.url).href);
  await scanFromBundle(process.argv.slice(2));
}
await import(entry.href);
