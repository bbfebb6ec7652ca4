import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PATH_KEYS } from './env-layer.js';
import { jsonErrorPosition } from './json-position.js';
import { forbiddenKeyPath, getPath, isPlainObject, setPath, uniformLayer, type ConfigLayer, type PlainObject } from './layers.js';
import type { ConfigProblem } from './problems.js';
import { expandQueueUrl } from './queue-url-layer.js';
import type { ConfigSource } from './types.js';

export type FileResult = { layer: ConfigLayer } | { problem: ConfigProblem } | { absent: true };

/**
 * Reads one JSON config file as a layer. A missing optional file (/etc, ~) is simply absent; a missing
 * --config file, an unreadable one, or one that is not a JSON object is a problem naming the file.
 * Relative paths inside a file are resolved against the file's folder, like tsconfig.json does.
 */
export function readConfigFile(filePath: string, source: ConfigSource, required: boolean): FileResult {
  let text: string;
  try {
    text = readFileSync(filePath, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && !required) return { absent: true };
    const reason = code === 'ENOENT' ? 'does not exist' : `cannot be read (${code ?? (error as Error).message})`;
    return { problem: fileProblem(filePath, source, `${reason}, check the path and its permissions`) };
  }
  const parsed = parseJson(text);
  if ('fault' in parsed) return { problem: fileProblem(filePath, source, `${parsed.fault}, fix the syntax there`) };
  if (!isPlainObject(parsed.value))
    return { problem: fileProblem(filePath, source, 'must hold a JSON object such as {"server": {"port": 3000}}') };
  const forbidden = forbiddenKeyPath(parsed.value);
  if (forbidden)
    return {
      problem: {
        ...fileProblem(filePath, source, `has the key "${forbidden}", which agentd refuses (it would reach Object.prototype); remove it`),
        key: forbidden,
      },
    };
  resolvePaths(parsed.value, path.dirname(path.resolve(filePath)));
  return { layer: expandQueueUrl(uniformLayer(parsed.value, source)) };
}

function parseJson(text: string): { value: unknown } | { fault: string } {
  const body = text.replace(/^\uFEFF/, '');
  try {
    return { value: JSON.parse(body) };
  } catch (error) {
    const { line, column } = jsonErrorPosition(body);
    const reason = (error as Error).message.replace(/,? ".*" is not valid JSON$/s, '').replace(/ in JSON at position \d+.*$/s, '');
    return { fault: `is not valid JSON at line ${line}, column ${column} (${reason})` };
  }
}

function resolvePaths(values: PlainObject, folder: string): void {
  for (const key of PATH_KEYS) {
    const value = getPath(values, key);
    if (typeof value === 'string' && value !== '') setPath(values, key, path.resolve(folder, value));
  }
  // A plugin given as a relative folder ("./plugins/x") is relative to the file too; package names stay names.
  const plugins = values.plugins;
  if (Array.isArray(plugins))
    values.plugins = plugins.map((p) =>
      typeof p === 'string' && (p.startsWith('./') || p.startsWith('../')) ? path.resolve(folder, p) : p,
    );
}

function fileProblem(filePath: string, source: ConfigSource, complaint: string): ConfigProblem {
  return { key: filePath, source, line: `config file "${filePath}" (${source}) ${complaint}` };
}
