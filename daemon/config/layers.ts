/**
 * A configuration layer is a nested object in the file form plus where each of its values came from.
 * Layers merge lowest first (defaults, /etc, ~, --config, env, flags): plain objects merge key by key,
 * anything else replaces, and the source of every leaf is tracked for error messages and dry-run.
 */
import type { ConfigSource } from './types.js';

export type PlainObject = Record<string, unknown>;
export type SourceMap = Record<string, ConfigSource>;

export interface ConfigLayer {
  values: PlainObject;
  sourceOf(key: string): ConfigSource;
}

export function isPlainObject(value: unknown): value is PlainObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Keys that reach an object's prototype when assigned or merged: never a configuration key. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** The dotted path of the first forbidden key at any depth ("server.__proto__"), or null. */
export function forbiddenKeyPath(value: unknown, prefix = ''): string | null {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = forbiddenKeyPath(item, `${prefix}[${index}]`);
      if (found) return found;
    }
    return null;
  }
  if (!isPlainObject(value)) return null;
  for (const key of Object.keys(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (FORBIDDEN_KEYS.has(key)) return path;
    const found = forbiddenKeyPath(value[key], path);
    if (found) return found;
  }
  return null;
}

/** Reads an own property only: `node["__proto__"]` must never hand back Object.prototype. */
function own(node: PlainObject, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(node, key) ? node[key] : undefined;
}

/** Sets an own data property, even for a name the prototype chain would intercept. */
function define(node: PlainObject, key: string, value: unknown): void {
  Object.defineProperty(node, key, { value, writable: true, enumerable: true, configurable: true });
}

export function uniformLayer(values: PlainObject, source: ConfigSource): ConfigLayer {
  return { values, sourceOf: () => source };
}

/** A layer built key by key (env, flags), each key with its own source. */
export class KeyedLayer implements ConfigLayer {
  readonly values: PlainObject = {};
  private readonly sources: SourceMap = {};

  set(key: string, value: unknown, source: ConfigSource): void {
    setPath(this.values, key, value);
    this.sources[key] = source;
  }

  has(key: string): boolean {
    return getPath(this.values, key) !== undefined;
  }

  /** An arrow property: merging passes it around detached from the layer. */
  readonly sourceOf = (key: string): ConfigSource => this.sources[key] ?? findSource(this.sources, key) ?? 'default';
}

export function getPath(root: PlainObject, key: string): unknown {
  let node: unknown = root;
  for (const part of key.split('.')) {
    if (!isPlainObject(node)) return undefined;
    node = own(node, part);
  }
  return node;
}

export function setPath(root: PlainObject, key: string, value: unknown): void {
  const parts = key.split('.');
  if (parts.some((part) => FORBIDDEN_KEYS.has(part))) return;
  let node = root;
  for (const part of parts.slice(0, -1)) {
    if (!isPlainObject(own(node, part))) define(node, part, {});
    node = own(node, part) as PlainObject;
  }
  define(node, parts[parts.length - 1]!, value);
}

/** Merges `layer` into `target` in place, recording the layer's source for every leaf it sets. */
export function mergeLayer(target: PlainObject, layer: ConfigLayer, sources: SourceMap, prefix = ''): void {
  for (const [name, value] of Object.entries(layer.values)) {
    // Refused with a problem where they are read (file-layer.ts); never merged, whatever the layer.
    if (FORBIDDEN_KEYS.has(name)) continue;
    const key = prefix ? `${prefix}.${name}` : name;
    if (isPlainObject(value)) {
      if (!isPlainObject(own(target, name))) {
        define(target, name, {});
        delete sources[key];
      }
      mergeLayer(own(target, name) as PlainObject, { values: value, sourceOf: layer.sourceOf }, sources, key);
      continue;
    }
    if (value === undefined) continue;
    for (const known of Object.keys(sources)) if (known.startsWith(`${key}.`)) delete sources[known];
    define(target, name, Array.isArray(value) ? [...value] : value);
    sources[key] = layer.sourceOf(key);
  }
}

/** The source of a key, of its nearest ancestor, or of its first descendant (for whole unknown objects). */
export function findSource(sources: SourceMap, key: string): ConfigSource | undefined {
  if (sources[key]) return sources[key];
  const parts = key.split('.');
  for (let i = parts.length - 1; i > 0; i--) {
    const ancestor = parts.slice(0, i).join('.');
    if (sources[ancestor]) return sources[ancestor];
  }
  const descendant = Object.keys(sources).find((k) => k.startsWith(`${key}.`));
  return descendant ? sources[descendant] : undefined;
}
