/**
 * What crosses into the executor for one plugin capability: plain data (never code). The plugin's
 * script is read from `entry` by the isolate host in the executor's worker thread and runs only inside
 * an isolated-vm isolate there.
 */

/** Tools a plugin may request besides the workspace (docs/plugins.md). runCommand is never offered. */
export const PLUGIN_TOOLS = ['parse', 'format'] as const;
export type PluginTool = (typeof PLUGIN_TOOLS)[number];

export interface PluginPermissions {
  /** gitignore-syntax globs of workspace paths the plugin may read or list; default ["**"] (the whole confined workspace). */
  read: string[];
  /** May stage writes and deletions (the capability's meta.writes must say the same). */
  writes: boolean;
  tools: PluginTool[];
}

export interface PluginLimits {
  /** The isolate's heap limit. */
  memoryMB: number;
  /** CPU time the isolate may use for the step (isolate.cpuTime, not wall time). */
  cpuMs: number;
  /** Wall clock for the whole step, including waiting on tools. */
  wallMs: number;
  /** Tool calls of this step (the job's maxToolCalls counts them too). */
  maxToolCalls: number;
  /** The result's JSON, and one tool call's arguments, at most this many characters. */
  maxOutputBytes: number;
}

/** The defaults, and the ceilings a manifest may not go past. */
export const DEFAULT_PLUGIN_LIMITS: PluginLimits = {
  memoryMB: 64,
  cpuMs: 10_000,
  wallMs: 60_000,
  maxToolCalls: 1_000,
  maxOutputBytes: 8 * 1024 * 1024,
};
export const MAX_PLUGIN_LIMITS: PluginLimits = {
  memoryMB: 512,
  cpuMs: 300_000,
  wallMs: 600_000,
  maxToolCalls: 100_000,
  maxOutputBytes: 64 * 1024 * 1024,
};

export interface PluginBinding {
  kind: 'isolate';
  /** The plugin's name and version (manifest). */
  plugin: string;
  version: string;
  /** Absolute path of the plugin's entry script (one ES module; its only import may be the SDK). */
  entry: string;
  /** The capability's id inside the plugin (its key in the entry's exports), e.g. "analysis.license-header". */
  capability: string;
  /** The registered, namespaced id, e.g. "acme/analysis.license-header". */
  id: string;
  permissions: PluginPermissions;
  limits: PluginLimits;
  /**
   * The registered (namespaced) meta, so the step runs like a first-party one: an analysis plugin's
   * findings go through the project's finding policy (agentd.config.json, agentd-ignore comments).
   */
  meta?: import('../../core/index.js').CapabilityMeta;
}
