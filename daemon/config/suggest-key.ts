import { editDistance } from '../../core/fuzzy/index.js';
import { CONFIG_SCHEMA, type JsonSchema } from './schema.js';

/** Names people carry over from the spec's neutral wording or other tools. */
const KNOWN_ALIASES: Record<string, string> = { repohost: 'github' };

/**
 * The existing key an unknown one was probably meant to be: a sibling within two edits or differing
 * only in case ("server.prot" -> "server.port"), or a known alias ("repohost.appId" -> "github.appId").
 */
export function suggestKey(key: string): string | undefined {
  const parts = key.split('.');
  const name = parts.pop() as string;
  const siblings = Object.keys(propertiesAt(parts) ?? {});
  if (KNOWN_ALIASES[name] && siblings.includes(KNOWN_ALIASES[name])) return [...parts, KNOWN_ALIASES[name]].join('.');
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of siblings) {
    const distance = candidate.toLowerCase() === name.toLowerCase() ? 0 : editDistance(candidate, name, 2);
    if (distance <= 2 && (!best || distance < best.distance)) best = { candidate, distance };
  }
  return best ? [...parts, best.candidate].join('.') : undefined;
}

function propertiesAt(parts: string[]): Record<string, JsonSchema> | undefined {
  let node: JsonSchema | undefined = CONFIG_SCHEMA;
  for (const part of parts) node = (node?.properties as Record<string, JsonSchema> | undefined)?.[part];
  return node?.properties as Record<string, JsonSchema> | undefined;
}
