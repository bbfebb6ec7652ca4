/** The shared shapes of the taint engine's parts (the evaluator, calls, bindings, guards, summaries). */
import type { Node } from '../syntax/tree.js';
import type { SourceFile } from '../syntax/source-file.js';
import type { FileFacts } from './facts.js';
import type { Scope } from './scope.js';
import type { SinkSpec } from './sinks.js';
import type { SourceRange } from '../../../../core/index.js';
import type { Flow, SinkKind, Step, Value } from './value.js';

/** Where a sink is: plain data (not a tree node), so a sink can be reported from another module's scan. */
export interface Site {
  file: string;
  range: SourceRange;
  /** The first line of the sink's text (up to 80 characters), for the message. */
  snippet: string;
}

/** A sink reached inside a function by one of its parameters: reported when a caller passes input. */
export interface ParamSink {
  param: number;
  flow: Flow;
  spec: SinkSpec;
  site: Site;
  label: string;
  /** The value at the sink, reduced to text, prefix and shape (they complete the argument's when the condition is checked). */
  value: Value;
}

/** What the function under evaluation collects. */
export interface FnFrame {
  returns: Value[];
  paramSinks: ParamSink[];
}

/** What calling a function does with its arguments. Plain JSON (no tree nodes): memoisable, and shared across files. */
export interface Summary {
  returns: Value;
  paramSinks: ParamSink[];
}

export interface FunctionEntry {
  node: Node;
  /** The scope the function was defined in (its closure). */
  scope: Scope;
}

export interface TaintHit {
  ruleId: string;
  kind: SinkKind;
  /** The sink; in another file when the input reached it through an imported function. */
  site: Site;
  label: string;
  /** Source to sink; empty for security/unsanitized-html, which needs no source. */
  steps: Step[];
  sourceKind: string | null;
  /** The model's fix hint for this sink. */
  fix?: string;
  /** Reported by the audit profile: a non-constant value, not a known source. */
  audit?: boolean;
}

export interface Evaluator {
  readonly file: SourceFile;
  readonly facts: FileFacts;
  /** The audit profile: sinks reached by any non-constant value are reported (./check-sink.ts). */
  readonly audit: boolean;
  evaluate(node: Node, scope: Scope, frame: FnFrame): Value;
  /** The value last computed for a node (for sinks that look inside an argument). */
  valueOf(node: Node): Value | undefined;
  functionNamed(name: string): FunctionEntry | undefined;
  /** The summary of a function imported from a relative module, when the project scan supplied one (records the call either way). */
  importedFunction(calleeNode: Node, args: Value[]): Summary | undefined;
  register(name: string, entry: FunctionEntry): void;
  /** `const repo = new UserRepo()`: calls on `repo` are the class's methods. */
  noteInstance(local: string, className: string): void;
  instanceClass(local: string): string | undefined;
  summarise(entry: FunctionEntry): Summary;
  /** Evaluates a function literal in place (callbacks), with its first parameter bound as given. */
  evaluateInline(node: Node, scope: Scope, frame: FnFrame, firstParam: Value | null): void;
  report(hit: TaintHit): void;
  step(node: Node, label: string): Step;
  site(node: Node): Site;
}
