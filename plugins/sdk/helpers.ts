/**
 * The SDK's helpers. Each is self-contained (no imports, no outer names): the isolate's SDK module is
 * built from their source text (plugins/sandbox/isolate-source.ts), so a plugin gets exactly these
 * functions inside the sandbox and in its editor's types.
 */
import type { Capability, Finding, FindingFix, Severity } from '../../core/index.js';
import type { PluginContext } from './plugin-context.js';

/** A plugin capability's code: `run(input, ctx)`; its meta lives in the manifest (package.json "agentd"). */
export interface PluginCapabilityDefinition<Input = Record<string, unknown>> {
  run(input: Input, ctx: PluginContext): Promise<import('../../core/index.js').StepResult>;
  /** Optional, for tests and editors: the manifest's meta is what agentd reads. */
  meta?: Partial<Capability['meta']>;
}

/** Identity at run time; gives `run` its types (input from your schema's TypeScript type, the context). */
export function defineCapability<Input = Record<string, unknown>>(
  definition: PluginCapabilityDefinition<Input>,
): PluginCapabilityDefinition<Input> {
  return definition;
}

export interface FindingOptions {
  ruleId: string;
  message: string;
  /** Workspace-relative POSIX path. */
  file: string;
  severity?: Severity;
  /** 1-based; default 1. */
  line?: number;
  column?: number;
  endLine?: number;
  endColumn?: number;
  fix?: FindingFix;
  data?: Record<string, unknown>;
}

/** A Finding with 1-based ranges filled in (a one-point range at `line`/`column` unless an end is given). */
export function finding(options: FindingOptions): Finding {
  const line = options.line ?? 1;
  const column = options.column ?? 1;
  const made: Finding = {
    ruleId: options.ruleId,
    severity: options.severity ?? 'medium',
    message: options.message,
    file: options.file,
    range: { startLine: line, startColumn: column, endLine: options.endLine ?? line, endColumn: options.endColumn ?? column },
  };
  if (options.fix) made.fix = options.fix;
  if (options.data) made.data = options.data;
  return made;
}

/** The 1-based line of a UTF-16 index in a source text. */
export function lineOfIndex(source: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index && i < source.length; i++) if (source.charCodeAt(i) === 10) line++;
  return line;
}
