/**
 * A CommonJS script run with V8's code cache: Node 20 caches no compiled ES modules (its compile cache
 * is Node 22's), but `vm.Script` takes the cache V8 made for a classic script. The cache holds the
 * bytecode of the script and of every function compiled while the run that made it went on, so a
 * process that starts from it neither parses the script nor compiles those functions again.
 *
 * V8 rejects a cache made by another V8 version or with other flags, and then simply compiles; but its
 * own check of the source is by length only, so the cache file starts with a key of ours — the SHA-256
 * of the script's bytes, Node's version and the architecture — and a cache whose key does not match is
 * not offered at all.
 *
 * On Node 20 a function taken from the cache loses what a dynamic `import()` needs (it throws
 * ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING), so the script has none: it calls
 * `__agentd_import(from, specifier, options)` instead (scripts/scan-bundle-imports.mjs rewrites the
 * scan bundle's), with `from` the importing module's place relative to the script, and the import
 * runs here, in an ordinary ES module.
 */
import { isAscii } from 'node:buffer';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import vm from 'node:vm';

/** What became of the cache: used, rejected by V8, made for another script or Node (stale), or none. */
export type CodeCacheState = 'used' | 'rejected' | 'stale' | 'absent';

export interface CachedScript<T> {
  exports: T;
  cache: CodeCacheState;
  /** The cache file used, when one was. */
  cacheFile?: string;
  /** The script's key (see the header): cache files may be named by it. */
  key: string;
  /** Writes the cache for this script as it is now (with the functions compiled since it ran) to `file`. */
  saveCache(file: string): void;
}

const KEY_LENGTH = 64;

function keyOf(bytes: Buffer): string {
  return createHash('sha256').update(bytes).update(`\0${process.version}\0${process.arch}`).digest('hex');
}

/** The first of `files` that holds a cache for `key`; 'stale' when one exists but none is for it. */
function readCache(files: readonly string[], key: string): { data?: Buffer; file?: string; state: CodeCacheState } {
  let state: CodeCacheState = 'absent';
  for (const file of files) {
    let stored: Buffer;
    try {
      stored = readFileSync(file);
    } catch {
      continue;
    }
    if (stored.length > KEY_LENGTH && stored.toString('latin1', 0, KEY_LENGTH) === key)
      return { data: stored.subarray(KEY_LENGTH), file, state: 'used' };
    state = 'stale';
  }
  return { state };
}

/** The script's `__agentd_import`: a relative specifier is resolved from the importing module's place. */
function importerFor(file: string): (from: string, specifier: string, options?: ImportCallOptions) => Promise<unknown> {
  const script = pathToFileURL(file);
  return (from, specifier, options) =>
    import(/^\.\.?\//.test(specifier) ? new URL(specifier, new URL(from, script)).href : specifier, options);
}

/**
 * Runs the CommonJS script `file` as Node would run its module (its own `require`, `__filename` and
 * `__dirname`; dynamic imports through `__agentd_import`), compiled from the first of `cacheFiles(key)`
 * that holds a cache made for it.
 */
export function runCachedScript<T>(file: string, cacheFiles: (key: string) => readonly string[]): CachedScript<T> {
  const bytes = readFileSync(file);
  const key = keyOf(bytes);
  const { data, file: cacheFile, state } = readCache(cacheFiles(key), key);
  // ASCII (the scan bundle is: scripts/scan-bundle-ascii.mjs) read as Latin-1 is the same text, and V8
  // holds it as a one-byte string, half the size of the two-byte string one other character makes.
  const source = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  // On the wrapper's first line, so the script's line numbers stay its own in stack traces.
  const wrapped = `(function (exports, require, module, __filename, __dirname, __agentd_import) {${source}\n})`;
  const script = new vm.Script(wrapped, { filename: file, ...(data ? { cachedData: data } : {}) });
  const module = { exports: {} as T };
  (script.runInThisContext() as (...args: unknown[]) => void)(
    module.exports,
    createRequire(file),
    module,
    file,
    path.dirname(file),
    importerFor(file),
  );
  return {
    exports: module.exports,
    cache: state === 'used' && script.cachedDataRejected ? 'rejected' : state,
    ...(cacheFile && !script.cachedDataRejected ? { cacheFile } : {}),
    key,
    saveCache(target: string): void {
      mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      const temporary = `${target}.${process.pid}.tmp`;
      writeFileSync(temporary, Buffer.concat([Buffer.from(key, 'latin1'), script.createCachedData()]), { mode: 0o600 });
      renameSync(temporary, target);
    },
  };
}
