/** Small projects written to temp folders for the scan tests, and a real git repository around one. */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const EXPRESS_FIXTURE = fileURLToPath(new URL('../../../../fixtures/express-ts-api/', import.meta.url));

/** A function with a cyclomatic complexity of 12 (eleven `if`s), over analysis.complexity's default threshold of 10. */
export function complexFunction(name: string): string {
  const branches = Array.from({ length: 11 }, (_, i) => `  if (n === ${i}) return '${name}-${i}';`).join('\n');
  return `export function ${name}(n: number): string {\n${branches}\n  return 'none';\n}\n`;
}

export const SIMPLE = `export function add(a: number, b: number): number {\n  return a + b;\n}\n`;

const made: string[] = [];
process.once('exit', () => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

export function tempDir(prefix = 'agentd-scan-'): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export function writeFiles(root: string, files: Record<string, string>): void {
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  }
}

export function makeProject(files: Record<string, string>): string {
  const root = tempDir();
  writeFiles(root, files);
  return root;
}

export function copyFixture(source = EXPRESS_FIXTURE): string {
  const root = tempDir();
  cpSync(source, root, { recursive: true });
  return root;
}

export function git(root: string, ...args: string[]): string {
  return execFileSync(
    'git',
    ['-c', 'user.name=test', '-c', 'user.email=test@example.org', '-c', 'commit.gpgsign=false', '-C', root, ...args],
    { encoding: 'utf8' },
  );
}

/** A repository with one commit on "main" holding `files`. */
export function makeRepo(files: Record<string, string>): string {
  const root = makeProject(files);
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'base');
  return root;
}
