/**
 * The prompt's line history, kept in ~/.agentd/history (oldest line first, like a shell's) and bounded
 * to the last HISTORY_SIZE lines. Failing to read or write it never stops the prompt.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const HISTORY_SIZE = 500;

export function historyPath(home: string = process.env.HOME || os.homedir()): string {
  return path.join(home, '.agentd', 'history');
}

/** Newest first, as readline's `history` option wants it. */
export function loadHistory(file: string): string[] {
  try {
    const lines = readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '');
    return lines.slice(-HISTORY_SIZE).reverse();
  } catch {
    return [];
  }
}

/** `history` newest first (readline's order); written oldest first. */
export function saveHistory(file: string, history: readonly string[]): void {
  try {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const lines = history.slice(0, HISTORY_SIZE).reverse();
    writeFileSync(file, lines.length > 0 ? `${lines.join('\n')}\n` : '', { mode: 0o600 });
  } catch {
    // A read-only home still gets a working prompt.
  }
}
