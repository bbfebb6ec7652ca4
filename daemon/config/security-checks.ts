import { findSource, getPath, type PlainObject, type SourceMap } from './layers.js';
import { valueProblem, type ConfigProblem } from './problems.js';

/**
 * Cross-key checks of the security section the schema cannot express in words people understand:
 * encryption without a key would have to invent one (and lose every record on restart).
 */
export function checkSecurity(merged: PlainObject, sources: SourceMap): ConfigProblem[] {
  const enabled = getPath(merged, 'security.encryption.enabled') === true;
  const key = getPath(merged, 'security.encryption.key');
  if (!enabled || (typeof key === 'string' && key !== '')) return [];
  const source = findSource(sources, 'security.encryption.enabled') ?? 'default';
  return [
    valueProblem(
      'security.encryption.key',
      key,
      findSource(sources, 'security.encryption.key') ?? source,
      'must be set when security.encryption.enabled is true (set AGENTD_ENCRYPTION_KEY to a long random secret)',
    ),
  ];
}
