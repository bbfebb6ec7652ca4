/**
 * A capability's planning data (`meta.planning`): how the universal agent's planner recognises a task
 * for it, which generic builder (strategy) drafts its step, how each input field is read from the task,
 * and how it relates to other capabilities — by role, never by id. Plain JSON, validated by the
 * registry (core/registry/planning-schema.ts). docs/agent.md documents every field with examples.
 */

/** The generic, id-free step builders the planner provides (core/planner/strategies/). */
export const PLANNING_STRATEGIES = ['scope', 'rename', 'extract-range', 'move-symbol', 'debug', 'generate'] as const;
export type PlanningStrategy = (typeof PLANNING_STRATEGIES)[number];

/** Families of intents that combine in one plan: analysis with refactoring and verify, testing with documentation, ... */
export const INTENT_FAMILIES = ['analysis', 'refactoring', 'verify', 'generation', 'testing', 'documentation', 'debugging'] as const;
export type IntentFamily = (typeof INTENT_FAMILIES)[number];

/** Words of the task, as phrases: a phrase matches when all its words occur in order (typo-tolerant). */
export interface PhraseCondition {
  /** At least one of these phrases occurs. */
  any?: string[];
  /** None of these phrases occurs. */
  none?: string[];
}

export interface PlanningIntent {
  /** Intent id (kebab-case), shown as the plan's `intent`; capabilities that declare the same id serve one intent. */
  id: string;
  /** Short description used in questions and summaries ("audit security"). */
  label: string;
  /**
   * Weighted keywords, comma-separated: `phrase=weight` (weight 3 when left out); a phrase is words in
   * order (stop words ignored); a word ending in "!" must be written exactly (no typo tolerance).
   * E.g. "security,secret=2.5,smell!=3.5,sql injection=4".
   */
  keywords: string;
  /** The family it combines with in one plan (default: the capability's group). */
  family?: IntentFamily;
  /** Preference among capabilities declaring the same intent: lower first (default 0). */
  rank?: number;
  /** This capability serves the intent only when the task's words satisfy this (e.g. tests named, type-check not). */
  when?: PhraseCondition;
  /** When this intent is chosen, the other intents of its family plan no step (it covers them). */
  exclusive?: boolean;
  /** Dropped when the task names nothing to work on: no place and none of these trouble words. */
  needsSubject?: string[];
  /** Dropped when another chosen intent is `intent` (and, if given, the task matches the regex `pattern`, case-insensitive). */
  yieldsTo?: { intent: string; pattern?: string }[];
  /**
   * Offered as an answer when a task is too vague to plan: `vague` ("make it better": what to improve),
   * `build` ("build something": after the generation intents, what else to build); lower `order` first.
   */
  offered?: { when: 'vague' | 'build'; order: number };
}

/** One value of an option vocabulary: the input value and the phrases (typo-tolerant) that name it. */
export interface VocabularyEntry {
  value: string;
  phrases: string[];
  /** Regular expressions (case-insensitive) that also name it ("n+1"). */
  patterns?: string[];
  /** Not picked when this intent is also chosen (its own capability covers it). */
  unlessIntent?: string;
}

/** How one input field is filled from the task. `field` is a dot path ("rules.enable", "thresholds.cyclomatic"). */
export type FieldSource =
  /** Every value of the vocabulary the task names, in vocabulary order (an array; left out when none). */
  | { field: string; from: 'vocabulary'; vocabulary: VocabularyEntry[]; shown?: boolean }
  /** The runner the task names (vocabulary), else the project's test runner. */
  | { field: string; from: 'runner'; vocabulary: VocabularyEntry[] }
  /** "above 15", "more than 15" (at least `min`). */
  | { field: string; from: 'threshold'; min?: number }
  /** "top 5", "at most 5" (at least `min`). */
  | { field: string; from: 'count'; min?: number }
  /** `value` when the task names the tests as wanted ("also include the tests"). */
  | { field: string; from: 'tests-included'; value: string | number | boolean }
  /**
   * `value` when a phrase occurs, optionally only when another field holds `ifIncludes`. The words that
   * name a place of the project ("the routes folder") are not matched unless `placesToo`.
   */
  | {
      field: string;
      from: 'phrase';
      phrases: string[];
      value: string | number | boolean;
      ifField?: string;
      ifIncludes?: string;
      placesToo?: boolean;
    }
  /** A declaration of the project the task names ("tests for urgencyScore"). */
  | { field: string; from: 'symbol' }
  /**
   * In the build workflow only: the generated part's name as a one-item list (its symbols and files
   * contain it: todo -> TodoService, src/routes/todos.ts). A capability with such a field gets the part
   * there, and its `symbol` field reads only the task.
   */
  | { field: string; from: 'part' }
  /** The name after "called", "named", "call it" ... */
  | { field: string; from: 'name' }
  /** The task's text (without a pasted error). */
  | { field: string; from: 'task' }
  /**
   * The first capture group of the first regular expression (case-insensitive) that matches the task's
   * text ("from the crud-module template" -> crud-module), else `fallback` when given. For words a task
   * writes in a known frame that no other source reads.
   */
  | { field: string; from: 'pattern'; patterns: string[]; fallback?: string }
  /** The checks to run: ["typecheck"] or ["tests"] when the task names one of them only; left out for both. */
  | { field: string; from: 'checks' }
  /** Generation: the new thing's name ("a user profile page" -> UserProfilePage), or `fallback`. */
  | { field: string; from: 'new-name'; kind: 'component' | 'hook' | 'other'; fallback: string }
  /** Generation: the resource ("for orders"), or `fallback`. */
  | { field: string; from: 'resource'; fallback: string }
  /** Generation: HTTP methods named (GET, POST ...). */
  | { field: string; from: 'methods' }
  /** Generation: fields with types ("name:string, age:number"). */
  | { field: string; from: 'fields' }
  /** Generation: the framework named (vocabulary), else the project's. */
  | { field: string; from: 'framework'; vocabulary: VocabularyEntry[] };

export type FieldSourceKind = FieldSource['from'];

/** A note added to the plan when its condition holds on the drafted input or the project. */
export interface PlanningNote {
  text: string;
  /** The drafted input's field (dot path) holds this value (or includes it, for arrays). */
  ifField?: string;
  ifIncludes?: string;
  /** ... and this field is not set. */
  unlessField?: string;
  /** The project context's field has this value ("moduleSystem": "esm"). */
  ifProject?: { key: string; equals: string };
}

/** Roles a capability plays in other capabilities' plans. */
export const PLANNING_ROLES = [
  /** Appended after writing steps to check them (type-check and tests before/after). */
  'verify-writes',
  /** Finds duplicated code (a step `precededBy: "find-duplicates"` gets it first). */
  'find-duplicates',
  /** The build workflow's first step: where new files go. */
  'build-structure',
  /** Documents generated API code in the build workflow. */
  'document-api',
  /** Documents generated UI code (components, hooks) in the build workflow. */
  'document-ui',
  /** Writes usage examples in the build workflow. */
  'document-examples',
] as const;
export type PlanningRole = (typeof PLANNING_ROLES)[number];

/** The debugging stages the 'debug' strategy plans, in this order. */
export const DEBUG_STAGES = ['diagnose', 'reproduce', 'explain', 'fix'] as const;
export type DebugStage = (typeof DEBUG_STAGES)[number];

export interface CapabilityPlanning {
  /** How a task names this capability (empty: it is only planned through a role or relation). */
  intents: PlanningIntent[];
  /** The generic builder that drafts its step. */
  strategy: PlanningStrategy;
  /** The step's title in summaries (default: meta.title), e.g. "Security audit". */
  stepTitle?: string;
  /**
   * The step summary: placeholders {title} (stepTitle), {Label} (intent label, capitalised), {where}
   * (the scope in words), {detail} (" (values shown)" or ""), {values} (the shown values joined, or
   * `valuesFallback`), {about} ("X (where)" or where), {subject} (symbol, else target, else "the
   * project"), {name}. Default "{title} of {where}{detail}".
   */
  summary?: string;
  valuesFallback?: string;
  /** 'scope' strategy: false when the input takes no include/exclude (the whole project). Default true. */
  scope?: boolean;
  /** How input fields are filled from the task, in order. */
  fields?: FieldSource[];
  notes?: PlanningNote[];
  /** Roles it plays for other capabilities. */
  roles?: PlanningRole[];
  /** A step of the capability with this role is planned right before it, over the same scope. */
  precededBy?: PlanningRole;
  /** Writes, but never changes behaviour (documentation): no verify step follows it. */
  behaviourNeutral?: boolean;
  /** It covers another intent's step when the task says so ("fix the type errors": fix covers typecheck). */
  supersedes?: { intent: string; when: PhraseCondition; summary: string }[];
  /**
   * 'debug' strategy: the stage it carries out, the verb of its summary, and the words of a task that ask
   * for the stage (`words`; `pastedWords` count only with a pasted error: "why" asks to explain an error,
   * not a described bug). Without words the stage is planned only as the strategy's default (diagnose).
   */
  debug?: { stage: DebugStage; verb: string; words?: string[]; pastedWords?: string[] };
  /**
   * 'generate' strategy: the kind of thing it generates ("component", "api-route"), for `tests` and parts.
   * `tested`: what it writes includes its own tests (crud-resource's integration tests), so the build
   * workflow adds no testing step for it; the project's test run (the 'verify-writes' step) runs them.
   */
  generates?: { kind: string; api: boolean; workflow: boolean; parts?: boolean; tested?: boolean };
  /** Testing capabilities: the generated kinds whose tests it writes in the build workflow ("*": any kind without a better match). */
  tests?: string[];
}
