/** Where generation.types reads its input: samples and schemas given inline or as workspace files. */
import type { CapabilityContext } from '../../../core/index.js';
import { AgentdError } from '../../../core/index.js';

function parseJson(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new AgentdError('invalid_input', `${where} is not valid JSON: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
  }
}

async function readWorkspaceFile(ctx: CapabilityContext, path: string, field: string): Promise<string> {
  if (!(await ctx.workspace.exists(path))) throw new AgentdError('invalid_input', `${field}: ${path} does not exist in the workspace`);
  return ctx.workspace.read(path);
}

/** Samples from `samples` (values), `sample` (JSON text, or one JSON value per line) and `samplesFrom` (.json / .jsonl files). */
export async function readSamples(
  ctx: CapabilityContext,
  input: { samples?: unknown[]; sample?: string; samplesFrom?: string[] },
): Promise<unknown[]> {
  const out: unknown[] = [...(input.samples ?? [])];
  if (input.sample !== undefined) out.push(...jsonValues(input.sample, 'sample'));
  for (const path of input.samplesFrom ?? []) out.push(...jsonValues(await readWorkspaceFile(ctx, path, 'samplesFrom'), path));
  return out;
}

/** One JSON value, else JSON Lines. */
function jsonValues(text: string, where: string): unknown[] {
  try {
    return [JSON.parse(text)];
  } catch {
    const lines = text.split('\n').filter((l) => l.trim() !== '');
    if (lines.length > 1) return lines.map((line, i) => parseJson(line, `${where} line ${i + 1}`));
    return [parseJson(text, where)];
  }
}

/** The JSON Schema from `schema` (an object) or `schemaFile` (a .json file). */
export async function readSchema(
  ctx: CapabilityContext,
  input: { schema?: Record<string, unknown>; schemaFile?: string },
): Promise<Record<string, unknown> | null> {
  if (input.schema) return input.schema;
  if (!input.schemaFile) return null;
  const value = parseJson(await readWorkspaceFile(ctx, input.schemaFile, 'schemaFile'), input.schemaFile);
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new AgentdError('invalid_input', `schemaFile: ${input.schemaFile} does not hold a JSON Schema object`);
  return value as Record<string, unknown>;
}
