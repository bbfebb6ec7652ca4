/** Runs every benchmark module in this folder (each exports `run()`), one after another. */
import { readdir } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = (await readdir(here)).filter((f) => f.endsWith('.js') && f !== 'run-all.js').sort();

for (const file of files) {
  const name = file.replace(/\.js$/, '');
  if (only.length > 0 && !only.includes(name)) continue;
  const mod = (await import(pathToFileURL(path.join(here, file)).href)) as { run?: () => Promise<void> };
  if (typeof mod.run !== 'function') continue;
  console.log(`\n=== bench: ${name} ===`);
  await mod.run();
}
