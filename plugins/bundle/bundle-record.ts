/**
 * The record `agentd plugin add` leaves next to a plugin's bundle (`.agentd/bundle.json` in the
 * plugin's folder): which source files went into `.agentd/bundle.mjs`, each with its SHA-256. The
 * loader (plugins/manifest) reads it without esbuild: a fresh record makes the bundle the script that
 * enters the isolate; a record whose sources changed since is refused (`invalid_plugin`: add again).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** Where the bundle and its record live, relative to the plugin's folder. */
export const BUNDLE_DIR = '.agentd';
export const BUNDLE_FILE = 'bundle.mjs';
export const RECORD_FILE = 'bundle.json';

export interface BundleRecord {
  /** The manifest's entry the bundle was built from, relative to the plugin's folder. */
  entry: string;
  /** Every file esbuild read (plugin-relative, '/'-separated) -> its SHA-256 at bundle time. */
  inputs: Record<string, string>;
  /** The bundle's own SHA-256, so an edited bundle is refused too. */
  bundle: string;
  esbuild: string;
}

export const sha256 = (text: string | Buffer): string => createHash('sha256').update(text).digest('hex');

export type BundleState = { kind: 'none' } | { kind: 'fresh'; bundle: string } | { kind: 'stale'; why: string };

/** The state of a plugin's bundle for the manifest's `entry` (a plugin-relative path). */
export async function bundleState(folder: string, entry: string): Promise<BundleState> {
  const dir = path.join(folder, BUNDLE_DIR);
  const text = await readFile(path.join(dir, RECORD_FILE), 'utf8').catch(() => null);
  if (text === null) return { kind: 'none' };
  let record: BundleRecord;
  try {
    record = JSON.parse(text) as BundleRecord;
    if (typeof record.entry !== 'string' || typeof record.inputs !== 'object' || typeof record.bundle !== 'string') throw new Error();
  } catch {
    return { kind: 'stale', why: `${BUNDLE_DIR}/${RECORD_FILE} is not a bundle record` };
  }
  if (path.normalize(record.entry) !== path.normalize(entry))
    return { kind: 'stale', why: `the bundle was built from "${record.entry}", the manifest's entry is now "${entry}"` };
  const bundle = path.join(dir, BUNDLE_FILE);
  const built = await readFile(bundle).catch(() => null);
  if (built === null || sha256(built) !== record.bundle)
    return { kind: 'stale', why: `${BUNDLE_DIR}/${BUNDLE_FILE} is missing or was edited` };
  for (const [input, hash] of Object.entries(record.inputs)) {
    const content = await readFile(path.join(folder, input)).catch(() => null);
    if (content === null || sha256(content) !== hash) return { kind: 'stale', why: `"${input}" changed since it was bundled` };
  }
  return { kind: 'fresh', bundle };
}
