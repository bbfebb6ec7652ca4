/** The small TypeScript project the end-to-end agent tests work on (written into a test daemon's workspace). */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const PROJECT_FILES: Record<string, string> = {
  'src/greet.ts': 'export function greet(name: string): string {\n  return "hi " + name;\n}\n',
  'src/db.ts': [
    "import { createHash } from 'node:crypto';",
    "import { greet } from './greet';",
    'const password = "hunter2-super-secret";',
    'export function digest(text: string): string {',
    "  return createHash('md5').update(text).digest('hex');",
    '}',
    'export function token(): string {',
    '  return Math.random().toString(36).slice(2);',
    '}',
    'export function run(q: string): string {',
    '  return greet(password + q);',
    '}',
    '',
  ].join('\n'),
  'test/greet.test.ts': 'import { greet } from "../src/greet";\nconsole.log(greet("x"));\n',
};

export async function writeProject(root: string): Promise<void> {
  for (const [file, content] of Object.entries(PROJECT_FILES)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), content);
  }
}
