/**
 * The vocabulary of library models (models-as-data, one file per library or framework in this
 * folder): where untrusted input enters (sources), which calls are dangerous with it (sinks), which
 * calls make it harmless and for what (sanitisers), which calls pass it on (propagators), and where a
 * literal is a secret by position. The taint engine (../taint/) and the syntactic families read the
 * merged tables (./index.ts); nothing here is code, except the names of a few conditions and
 * predicates that ../taint/sink-conditions.ts implements.
 *
 * Callees are written as **access paths** from a module (`{ module: ['child_process'], path: ['exec'] }`):
 * a path is the member chain from what `require()`/`import` returns, `()` for a call or `new` of it
 * (`'Sequelize().query'`: the `query` method of a `new Sequelize()`; `'().raw'`: `raw` of what calling
 * the module returns, knex). The module itself is the empty path `''` (`execa(cmd)`, `got(url)`).
 * Default and namespace imports are both the module itself. Where a value crosses modules (a project's
 * own `db.js` exporting its pool), the **method** form recognises the call by its method and receiver
 * name instead, with the imports that make the reading safe as evidence.
 */
import type { Severity } from '../../../../core/index.js';
import type { SinkKind } from '../taint/value.js';

/** A callee recognised through the imports of the file. */
export interface ImportCallee {
  module: readonly string[];
  path: readonly string[];
}

/** A callee recognised by its last segment, optionally its receiver (a regular expression source) and the modules it needs. */
export interface MethodCallee {
  method: readonly string[];
  /** Matched against the receiver with call chains removed (`res.status(404).send` -> `res`). */
  receiver?: string;
  /** The receiver must not match this. */
  notReceiver?: string;
  /** One of these modules must be imported by the file (regular expression sources), else the model does not apply. */
  imported?: readonly string[];
  /** The model does not apply in a file that imports one of these modules (regular expression sources). */
  notImported?: readonly string[];
}

/** A callee recognised as written (a global function: `eval`, `setTimeout`, `fetch`). */
export interface GlobalCallee {
  global: readonly string[];
}

/** `new X(...)` where the constructor's name matches (regular expression source), with imports as evidence (Mongoose models). */
export interface NewCallee {
  newOf: string;
  imported?: readonly string[];
}

export type CalleePattern = ImportCallee | MethodCallee | GlobalCallee | NewCallee;

/**
 * Named conditions on the value reaching a sink (implemented in ../taint/sink-conditions.ts; names,
 * not closures, so that summaries holding a sink stay plain JSON).
 */
export type Condition =
  | 'sqlText'
  | 'openHost'
  | 'openUrl'
  | 'htmlShape'
  | 'htmlShapeAndText'
  | 'htmlText'
  | 'notFunction'
  | 'wholeObject'
  | 'notString'
  | 'notObject';

/** Named predicates on the call itself (its other arguments, its callee text). */
export type CallPredicate =
  | 'shellOption'
  | 'shellProgram'
  | 'noRootOption'
  | 'locationHeader'
  | 'notNonHtmlType'
  | 'htmlInCallee'
  | 'htmlContentTypeArg'
  | 'notCallback'
  | 'notEmptyTarget'
  | 'firstArgNotTemplate'
  | 'deepFlag'
  | 'notOrmOptions'
  | 'notObjectArg'
  | 'prismaImported';

export interface SinkModel {
  ruleId: string;
  kind: SinkKind;
  callee: CalleePattern;
  /** Also (or only) `new X()`: true for both, 'only' for constructors alone. Default: calls only. */
  construct?: boolean | 'only';
  /** Argument positions that carry the dangerous value. */
  args: readonly number[] | 'all' | 'nonNumeric' | 'rest';
  /** When the argument is an object literal, the members that carry the value (`{ url }`, `{ data }`, `{ text }`). */
  members?: readonly string[];
  when?: Condition;
  requires?: CallPredicate;
  /** DOM-like sinks: values that are neither constant nor sanitised are reported even without a source (security/unsanitized-html). */
  dom?: boolean;
  /** How the sink is named in messages, when not the callee as written. */
  label?: string;
  /** The fix hint the finding carries. */
  fix: string;
}

/** Assignment sinks: `el.innerHTML = v`, `location.href = v`, `ctx.body = v`. */
export interface AssignmentSinkModel {
  ruleId: string;
  kind: SinkKind;
  /** Property names (last segment) or whole dotted targets. */
  property?: readonly string[];
  target?: readonly string[];
  /** The object of the property must match (regular expression source), e.g. Koa's `ctx`. */
  receiver?: string;
  when?: Condition;
  dom?: boolean;
  /** A JSX attribute (`dangerouslySetInnerHTML={...}`) rather than an assignment. */
  jsx?: boolean;
  fix: string;
}

/** Sanitisers: calls whose result is safe for `kinds` ('all': every sink kind). */
export interface SanitizerModel {
  /** Dotted callee names as written (`DOMPurify.sanitize`, `escapeHtml`). */
  names?: readonly string[];
  callee?: ImportCallee;
  /** Method names (last segment) that sanitise whatever object they are called on. */
  methods?: readonly string[];
  kinds: readonly SinkKind[] | 'all';
}

/** Calls that return their arguments' input: `path.join`, `Object.assign`, `JSON.parse`. */
export interface PropagatorModel {
  /** Callees as written. */
  names: readonly string[];
  /** 'string': the result is text built from the arguments; 'value': an object or array holding them. */
  result: 'string' | 'value';
}

/** A request object's member that is input. */
export interface RequestMember {
  kind: string;
  whole: 'object' | 'string';
}

/** A callback parameter that is input: `ws.on('message', (data) => ...)`, `window.addEventListener('message', (e) => ...)`. */
export interface CallbackSource {
  method: readonly string[];
  /** First-argument event names; any when omitted. */
  events?: readonly string[];
  /** Receiver names (regular expression source). */
  receiver?: string;
  /** Which callback argument holds the callback (default: the last one). */
  param: number;
  kind: string;
  /** Any event name but these. */
  notEvents?: readonly string[];
  /** Modules one of which the file must import (regular expression sources). */
  imported?: readonly string[];
}

/** An exported function whose parameters are input (a Lambda `handler(event)`, a Next server action). */
export interface HandlerSource {
  /** Export names (regular expression source). */
  exportName: string;
  params: readonly { index: number; kind: string; request?: boolean }[];
  /** Only in files with this directive (`'use server'`). */
  directive?: string;
  /** Only when a parameter has one of these types, or the file imports one of these modules (regular expression sources). */
  paramTypes?: string;
  /** Only when the first parameter's name matches (regular expression source). */
  paramName?: string;
}

export interface SourceModel {
  /** Parameter names taken as request objects; `imported`: only when the file imports one of these modules. */
  requestNames?: readonly string[];
  requestNamesImported?: readonly string[];
  /** Parameter type names that mark a request object (regular expression source, anchored at the start). */
  requestTypes?: readonly string[];
  requestMembers?: Readonly<Record<string, RequestMember>>;
  /** Methods of request objects that return input, by the input kind they return. */
  requestMethods?: Readonly<Record<string, string>>;
  /** Route registration methods: their callbacks' first parameter is the request. */
  routeMethods?: readonly string[];
  /** Exported handler names whose first parameter is the request and second the route context (Next). */
  requestHandlers?: readonly string[];
  callbacks?: readonly CallbackSource[];
  handlers?: readonly HandlerSource[];
  /** Dotted names that are input wherever they are read (`location.search`, `process.argv`), by kind. */
  globals?: Readonly<Record<string, string>>;
  /** Calls that return input (router hooks), by kind. */
  globalCalls?: Readonly<Record<string, string>>;
}

/** Where a literal is a secret because of where it is passed, whatever its entropy. */
export interface SecretPosition {
  callee: CalleePattern;
  construct?: boolean | 'only';
  /** The argument that is the secret, or an options argument whose `members` hold it. */
  arg: number;
  members?: readonly string[];
  ruleId: 'security/hardcoded-key' | 'security/hardcoded-password';
  what: string;
}

/**
 * A dangerous literal option in a call's options object, found without taint: `{ noent: true }` for
 * libxmljs, `cookie: { secure: false }` for express-session, `ignoreExpiration: true` for jwt.verify.
 */
export interface OptionRule {
  callee: CalleePattern;
  construct?: boolean | 'only';
  /** The argument holding the options object literal. */
  arg: number;
  /** Dotted path of the option inside it (`cookie.secure`); `''` for the argument itself. */
  option: string;
  /** Literal values (string contents without quotes, or `true`/`false`/numbers as written) that are dangerous; 'missing': the option is absent. */
  is: readonly string[] | 'missing';
  ruleId: string;
  severity?: Severity;
  message: string;
  fix: string;
}

/** What a library means to the project-wide families (CSRF: cookie sessions and the middleware that protects them). */
export type LibraryRole = 'cookieSession' | 'csrfProtection';

export interface LibraryModel {
  /** Also the folder of its labelled cases: fixtures/security-corpus/<id>/. */
  id: string;
  title: string;
  /** The import specifiers that bring the library in (for the imports evidence of its sinks). */
  modules: readonly string[];
  /** Local names that mean the module even without an import (scripts: `fs`, `cp`). */
  assumedLocals?: readonly string[];
  sources?: SourceModel;
  sinks?: readonly SinkModel[];
  assignmentSinks?: readonly AssignmentSinkModel[];
  sanitizers?: readonly SanitizerModel[];
  propagators?: readonly PropagatorModel[];
  secrets?: readonly SecretPosition[];
  options?: readonly OptionRule[];
  roles?: readonly LibraryRole[];
  /**
   * Methods whose result is this library's object whatever they are called on (the receiver often
   * comes from the project's own module): `db.collection('users')` is a MongoDB collection,
   * `dataSource.getRepository(User)` a TypeORM repository. The result's path is `<method>()`.
   */
  factories?: readonly string[];
}

export const isImportCallee = (c: CalleePattern): c is ImportCallee => 'module' in c;
export const isMethodCallee = (c: CalleePattern): c is MethodCallee => 'method' in c;
export const isGlobalCallee = (c: CalleePattern): c is GlobalCallee => 'global' in c;
export const isNewCallee = (c: CalleePattern): c is NewCallee => 'newOf' in c;
