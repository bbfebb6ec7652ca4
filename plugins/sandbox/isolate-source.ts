/**
 * The JavaScript that runs inside a plugin's isolate besides the plugin: the prelude (builds `ctx`
 * over the one host function, then removes it from the global object) and the SDK module the plugin
 * may import. What crosses is JSON text or a structured copy of plain data (bulk data packed, see
 * crossing.ts, and unpacked here): no host object ever enters the isolate.
 */

import { defineCapability, finding, lineOfIndex } from '../sdk/helpers.js';
import { nodesOf, parsedFileOf, treeViewOf } from './tree-view.js';

/** Specifiers the plugin's entry may import: the SDK, under the package's subpath export and a short alias. */
export const SDK_SPECIFIERS: ReadonlySet<string> = new Set(['@agentd/cli/sdk', 'agentd/sdk']);

/**
 * Runs once per context before the plugin's module is evaluated (possibly before the step is known: a
 * warm isolate's next context is made ready while it is idle, run-plugin-step.ts); captures JSON/Error
 * first, so a plugin replacing them changes nothing here. The step's own facts (job, step index, output
 * limit) come with the run call.
 */
export const PRELUDE = String.raw`
(() => {
  const host = globalThis.__agentdHost;
  delete globalThis.__agentdHost;
  const stringify = JSON.stringify;
  const parse = JSON.parse;
  const ErrorCtor = Error;
  const RangeErrorCtor = RangeError;
  const toString = String;
  const freeze = Object.freeze;
  // APIs whose callbacks run as later tasks of the isolate, not within the step: a step that uses one
  // leaves its isolate tainted, and a tainted isolate is disposed instead of going back to the warm pool.
  let tainted = false;
  const taint = (owner, name) => {
    const original = owner && owner[name];
    if (typeof original !== 'function') return;
    owner[name] = new Proxy(original, {
      apply(target, self, args) { tainted = true; return Reflect.apply(target, self, args); },
      construct(target, args, newTarget) { tainted = true; return Reflect.construct(target, args, newTarget); },
    });
  };
  taint(globalThis, 'FinalizationRegistry');
  taint(globalThis.Atomics, 'waitAsync');
  for (const name of ['compile', 'instantiate', 'compileStreaming', 'instantiateStreaming']) taint(globalThis.WebAssembly, name);
  globalThis.__agentdTainted = () => tainted;
  const isArray = Array.isArray;
  // By index, not by the array methods a plugin may have replaced.
  const copyList = (list) => {
    const copy = new Array(list.length);
    for (let i = 0; i < copy.length; i++) copy[i] = list[i];
    return copy;
  };
  // texts: strings that cross beside the JSON as a structured copy (writeMany's contents), not escaped into it.
  const call = async (name, args, texts) => {
    const reply = await host.apply(undefined, texts === undefined ? [name, stringify(args)] : [name, stringify(args), texts], { arguments: { copy: true }, result: { promise: true, copy: true } });
    if (reply.ok) return reply.value;
    const error = new ErrorCtor(reply.error.message);
    error.code = reply.error.code;
    throw error;
  };
  const notify = (name, args) => { host.applyIgnored(undefined, [name, stringify(args)], { arguments: { copy: true } }); };
  // A parsed tree crosses as int32 columns and name tables (crossing.ts), read here as the documented
  // nodes (made on first read) and tree view: the host's own functions (tree-view.ts), by their source.
  // The columns arrive as the memory the host moved in (crossing.ts CrossColumns), viewed here.
  const Int32ArrayCtor = Int32Array;
  const withColumns = (file) => {
    file.columns = new Int32ArrayCtor(file.columns);
    return file;
  };
  ${nodesOf.toString()}
  ${treeViewOf.toString()}
  ${parsedFileOf.toString()}
  const contextFor = (info) => freeze({
    jobId: info.jobId,
    stepIndex: info.stepIndex,
    permissions: freeze({ projectCode: false }),
    signal: freeze({ aborted: false }),
    workspace: freeze({
      root: '.',
      read: (path) => call('read', [path]),
      readMany: async (paths) => {
        // A copy taken once is what the host is asked for; it answers null for the paths when it read
        // them all, in order, as asked (crossing.ts, packFiles). The texts arrive joined, each a span of one.
        const asked = isArray(paths) ? copyList(paths) : paths;
        const { paths: read, chunks, spans, skipped } = await call('readMany', [asked]);
        const names = read ?? asked;
        const files = new Array(names.length);
        for (let i = 0; i < names.length; i++) files[i] = { path: names[i], content: chunks[spans[i * 3]].slice(spans[i * 3 + 1], spans[i * 3 + 2]) };
        return { files, skipped };
      },
      exists: (path) => call('exists', [path]),
      list: (options) => call('list', [options ?? {}]),
      search: (text, options) => call('search', [text, options ?? {}]),
      write: (path, content) => call('write', [path, content]),
      writeMany: (files) => {
        if (!isArray(files)) return call('writeMany', [null], []);
        const paths = [];
        const texts = [];
        for (let i = 0; i < files.length; i++) {
          const file = typeof files[i] === 'object' && files[i] !== null ? files[i] : {};
          const content = file.content;
          paths.push(file.path);
          // Only strings cross beside the JSON (anything else could not be copied): the host refuses the null.
          texts.push(typeof content === 'string' ? content : null);
        }
        return call('writeMany', [paths], texts);
      },
      delete: (path) => call('delete', [path]),
      changes: () => call('changes', []),
    }),
    tools: freeze({
      parse: async (path) => {
        const { tables, files } = await call('parse', [path]);
        return parsedFileOf(withColumns(files[0]), tables);
      },
      parseMany: async (paths) => {
        const { tables, files, skipped } = await call('parseMany', [paths]);
        const parsed = new Array(files.length);
        for (let i = 0; i < files.length; i++) parsed[i] = parsedFileOf(withColumns(files[i]), tables);
        return { files: parsed, skipped };
      },
      format: (path, source) => call('format', [path, source]),
    }),
    log: (level, message) => notify('log', [toString(level), toString(message)]),
    progress: (percent, message) => notify('progress', [Number(percent), message === undefined ? undefined : toString(message)]),
  });
  const describe = (value) => {
    try {
      if (value instanceof ErrorCtor) {
        const message = toString(value.message);
        return { name: toString(value.name).slice(0, 100), message: message.slice(0, 4000), stack: toString(value.stack).slice(0, 8000), stackOverflow: value instanceof RangeErrorCtor && /call stack/.test(message.slice(0, 200)) };
      }
      return { name: 'NonError', message: 'threw a non-Error value: ' + toString(stringify(value) ?? typeof value).slice(0, 200), stackOverflow: false };
    } catch {
      return { name: 'NonError', message: 'threw a value that cannot be described', stackOverflow: false };
    }
  };
  globalThis.__agentdRun = async (capability, inputJson, infoJson, ns) => {
    try {
      const info = parse(infoJson);
      const ctx = contextFor(info);
      const table = ns.capabilities ?? ns.default;
      const definition = table && Object.prototype.hasOwnProperty.call(table, capability) ? table[capability] : undefined;
      if (!definition || typeof definition.run !== 'function') {
        return 'M' + stringify({ message: 'the entry exports no capability "' + capability + '" with a run() function (export const capabilities = { "' + capability + '": defineCapability({ run }) })' });
      }
      const result = await definition.run(parse(inputJson), ctx);
      const json = stringify(result);
      // Checked here, so an oversized result is never copied out of the isolate (the host checks again).
      if (typeof json === 'string' && json.length > info.maxOutputBytes) return 'O' + json.length;
      return typeof json === 'string' ? 'R' + json : 'R';
    } catch (error) {
      return 'E' + stringify(describe(error));
    }
  };
})();
`;

/**
 * The SDK module inside the isolate: built from the source text of the host SDK's own helpers
 * (plugins/sdk/helpers.ts, self-contained functions), so there is one implementation of each.
 */
export const SDK_MODULE = [defineCapability, finding, lineOfIndex].map((helper) => `export ${helper.toString()}`).join('\n');
