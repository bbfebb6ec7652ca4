/** Bare specifiers: which package they name, and whether they are Node built-ins. */
import { builtinModules } from 'node:module';

const BUILTINS = new Set(builtinModules);

export function isRelative(specifier: string): boolean {
  return specifier === '.' || specifier === '..' || specifier.startsWith('./') || specifier.startsWith('../') || specifier.startsWith('/');
}

/** `node:fs`, `fs`, `fs/promises`, `bun:test`: provided by the runtime, never a package. */
export function isBuiltin(specifier: string): boolean {
  if (/^(node|bun|deno):/.test(specifier)) return true;
  return BUILTINS.has(specifier) || BUILTINS.has(specifier.split('/')[0]!);
}

/**
 * The npm package a bare specifier names (`@scope/name/sub` -> `@scope/name`, `lodash/fp` -> `lodash`),
 * or null for what cannot be a package: URLs, `#imports`, `virtual:` modules, and the common
 * bundler aliases `@/` and `~/`.
 */
export function packageNameOf(specifier: string): string | null {
  if (isRelative(specifier) || /^[a-z]+:/i.test(specifier) || specifier.startsWith('#')) return null;
  if (specifier.startsWith('@/') || specifier.startsWith('~')) return null;
  const parts = specifier.split('/');
  if (specifier.startsWith('@')) return parts.length >= 2 && parts[1] ? `${parts[0]}/${parts[1]}` : null;
  return parts[0] || null;
}

/** `@types/node` for `node`, `@types/babel__core` for `@babel/core`. */
export function typesPackageFor(name: string): string {
  return name.startsWith('@') ? `@types/${name.slice(1).replace('/', '__')}` : `@types/${name}`;
}
