import { getPath, setPath, type ConfigLayer, type PlainObject } from './layers.js';
import { parseQueueUrl } from './queue-url.js';

/**
 * A queue URL set in a layer means "use that Redis": within the same layer it sets queue.type to
 * "redis" (unless the layer says otherwise) and fills queue.external from the URL's parts, so a
 * higher layer can still override single parts (REDIS_DB over a file's queue.url).
 * A URL that does not parse is left alone for the schema to report.
 */
export function expandQueueUrl(layer: ConfigLayer): ConfigLayer {
  const url = getPath(layer.values, 'queue.url');
  if (typeof url !== 'string') return layer;
  const parts = parseQueueUrl(url);
  if (!parts) return layer;
  const values = structuredClone(layer.values) as PlainObject;
  const fill = (key: string, value: unknown): void => {
    if (value === null || getPath(values, key) !== undefined) return;
    setPath(values, key, value);
  };
  fill('queue.type', 'redis');
  fill('queue.external.host', parts.host);
  fill('queue.external.port', parts.port);
  fill('queue.external.password', parts.password);
  fill('queue.external.db', parts.db);
  const urlSource = layer.sourceOf('queue.url');
  const derived = new Set(['queue.type', 'queue.external.host', 'queue.external.port', 'queue.external.password', 'queue.external.db']);
  return {
    values,
    sourceOf: (key) => (derived.has(key) && getPath(layer.values, key) === undefined ? urlSource : layer.sourceOf(key)),
  };
}
