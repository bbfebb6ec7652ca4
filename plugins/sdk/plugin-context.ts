/**
 * The context a plugin capability receives inside the sandbox: the first-party CapabilityContext's
 * workspace and log/progress, with the tools a plugin may request. Types are the first-party ones.
 */
import type { Change, ListOptions, LogLevel, ReadManyResult, SourceLanguage } from '../../core/index.js';

/** A parsed file as data (tools.parse, with the "parse" permission): nodes in pre-order, `parent` the index of the parent (-1 for the root). */
export interface PluginParsedFile {
  path: string;
  language: SourceLanguage;
  hash: string;
  source: string;
  nodes: { type: string; named: boolean; field: string | null; start: number; end: number; parent: number }[];
}

export interface PluginContext {
  readonly jobId: string;
  readonly stepIndex: number;
  /** Plugins never run project code. */
  readonly permissions: { readonly projectCode: false };
  readonly workspace: {
    read(path: string): Promise<string>;
    readMany(paths: string[]): Promise<ReadManyResult>;
    exists(path: string): Promise<boolean>;
    /** Only files the manifest's permissions.read covers. */
    list(options?: ListOptions): Promise<string[]>;
    /** Needs permissions.writes; staged, never written by the plugin. */
    write(path: string, content: string): Promise<void>;
    /**
     * Needs permissions.writes; stages each file in order as write() would, in ONE tool call and one
     * crossing: prefer it to write() in a loop. Every path is checked before any is staged; a file that
     * cannot be staged rejects the call, the ones before it stay staged.
     */
    writeMany(files: { path: string; content: string }[]): Promise<void>;
    delete(path: string): Promise<void>;
    changes(): Promise<Change[]>;
  };
  readonly tools: {
    parse(path: string): Promise<PluginParsedFile>;
    /** Many files in one tool call and one crossing (files that cannot be parsed are in `skipped`): prefer it to parse() in a loop. */
    parseMany(paths: string[]): Promise<{ files: PluginParsedFile[]; skipped: ReadManyResult['skipped'] }>;
    format(path: string, source: string): Promise<string>;
  };
  log(level: LogLevel, message: string): void;
  progress(percent: number, message?: string): void;
}
