/**
 * Which files `readDeclarationFile` may read past the 100 KB limit: TypeScript declaration files
 * (`.d.ts`, `.d.mts`, `.d.cts`), up to 5 MB. A published package's API is written in them and they are
 * often generated: ioredis's RedisCommander.d.ts is 777 KB, one interface with every Redis command.
 * Without them the API reference of such a package misses what they declare. Read-only: writes keep
 * the 100 KB limit.
 */
import { AgentdError } from '../errors/index.js';

export const MAX_DECLARATION_FILE_BYTES = 5 * 1024 * 1024;

export function isDeclarationFile(rel: string): boolean {
  return /\.d\.[cm]?ts$/.test(rel);
}

export function assertDeclarationFile(rel: string): void {
  if (!isDeclarationFile(rel)) {
    throw new AgentdError(
      'invalid_input',
      `"${rel}" is not a TypeScript declaration file (.d.ts, .d.mts, .d.cts); read it with read(), which allows up to 100 KB.`,
    );
  }
}
