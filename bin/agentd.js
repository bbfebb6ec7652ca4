#!/usr/bin/env node
// Thin launcher: the CLI is TypeScript compiled to dist/ by `npm install` (prepare) or `npm run build`.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  console.error('agentd is not built yet: run "npm run build" in ' + fileURLToPath(new URL('..', import.meta.url)));
  process.exit(1);
}
await import(entry.href);
