/**
 * The context a plugin capability receives inside the sandbox: the first-party CapabilityContext's
 * workspace and log/progress, with the tools a plugin may request. Types are the first-party ones.
 */
import type { Change, ListOptions, LogLevel, ReadManyResult, SourceLanguage } from '../../core/index.js';

/** One node of a parsed file: `start`/`end` are UTF-16 indexes into the source, `parent` the parent's index in `nodes` (-1 for the root). */
export interface PluginNode {
  type: string;
  named: boolean;
  field: string | null;
  start: number;
  end: number;
  parent: number;
}

/**
 * The same tree read by node number (the index into `nodes`, 0 is the root, pre-order) without an object
 * per node: in the sandbox, where making and keeping 100,000 node objects is most of a tree-walking
 * step's time, the faster way to walk big trees. A number that is not a node of the tree throws a RangeError.
 */
export interface PluginTree {
  /** How many nodes; they are numbered 0 to count - 1 in pre-order. */
  readonly count: number;
  type(node: number): string;
  named(node: number): boolean;
  field(node: number): string | null;
  start(node: number): number;
  end(node: number): number;
  /** -1 for the root. */
  parent(node: number): number;
  /** The node's source text. */
  text(node: number): string;
  /** The node's children, in source order. */
  children(node: number): number[];
  /** The node's child in this field ("function" of a call_expression, "body", ...), or -1 (tree-sitter's childForFieldName). */
  childForField(node: number, field: string): number;
  /** The nodes of these types, in pre-order (like first-party `nodesOfType`). */
  ofType(types: string | readonly string[]): number[];
}

/**
 * A parsed file as data (tools.parse, with the "parse" permission). `nodes` is made the first time it is
 * read (a file whose `tree` alone is used never makes it) and is then an ordinary array; `tree` is not
 * enumerable, so the file's JSON is `{ path, language, hash, source, nodes }`.
 */
export interface PluginParsedFile {
  path: string;
  language: SourceLanguage;
  hash: string;
  source: string;
  nodes: PluginNode[];
  readonly tree: PluginTree;
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
    /**
     * The files `list(options)` gives whose text contains `text` (plain, case-sensitive), read and
     * tested by agentd in ONE tool call: only the matching paths cross into the sandbox, in list order,
     * and the files that could not be read are in `skipped`. Prefer it to readMany + includes when a
     * step needs only the files that mention something (a codemod picking what to parse).
     */
    search(text: string, options?: ListOptions): Promise<{ paths: string[]; skipped: ReadManyResult['skipped'] }>;
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
