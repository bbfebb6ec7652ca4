/**
 * Which test files mocha runs in a workspace, so a run can be narrowed to some of them: the `spec` of
 * its configuration (.mocharc.json/.jsonc, else package.json's "mocha") and the script's positional
 * specs — mocha runs both, so a narrowed run must drop the configured `spec` from its copy of the
 * configuration (`withoutConfiguredSpec`) — else `./test`. A folder spec takes the files with mocha's
 * extensions (js, cjs, mjs and `extension`), its subfolders too with `recursive`; `ignore` drops files.
 * A configuration agentd does not read as data (.mocharc.js/.cjs/.yaml/.yml, `--config`) leaves the
 * selection unknown, and the caller runs everything.
 */
import { createRequire } from 'node:module';
import { globToRegExp, hasGlob, normalisePattern } from './spec-glob.js';

export type MochaSelection =
  | {
      known: true;
      /** Whether mocha selects this workspace-relative file. */
      selects(file: string): boolean;
      /** The file whose `spec` a narrowed run must drop (null: none is configured). */
      specSource: { file: string; key: 'root' | 'mocha' } | null;
    }
  | { known: false; reason: string };

type Reader = (file: string) => Promise<string | null>;
type Options = Record<string, unknown>;

const CODE_OR_YAML = ['.mocharc.js', '.mocharc.cjs', '.mocharc.yaml', '.mocharc.yml'];
const DATA_CONFIGS = ['.mocharc.jsonc', '.mocharc.json'];
const DEFAULT_EXTENSIONS = ['js', 'cjs', 'mjs'];

/**
 * TypeScript's JSON-with-comments reader, loaded on first use: `core`'s public surface exports this
 * module, and loading TypeScript (~0.2 s) at import would be paid by every capability's process —
 * `agentd scan` among them — that never reads a mocha configuration.
 */
let typescript: typeof import('typescript') | undefined;
const loadTypeScript = (): typeof import('typescript') =>
  (typescript ??= createRequire(import.meta.url)('typescript') as typeof import('typescript'));

function parseJsonText(file: string, text: string): Options | null {
  const parsed = loadTypeScript().parseConfigFileTextToJson(file, text);
  return parsed.error || typeof parsed.config !== 'object' || parsed.config === null ? null : (parsed.config as Options);
}

function list(value: unknown): string[] {
  // A comma lists values, except inside a glob's braces (`test/{a,b}.js`).
  if (typeof value === 'string') return value.split(/,(?![^{]*\})/).filter((v) => v !== '');
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** The script's own options that change the selection (`--recursive`, `--extension ts`, `--spec x`, `--config`). */
function scriptOptions(words: string[]): Options & { config?: string; noConfig?: boolean } {
  const out: Options & { config?: string; noConfig?: boolean } = {};
  for (let i = 0; i < words.length; i += 1) {
    const [name, inline] = words[i]!.split(/=(.*)/s) as [string, string | undefined];
    const value = (): string => inline ?? words[(i += 1)] ?? '';
    if (name === '--recursive') out.recursive = true;
    else if (name === '--extension') out.extension = [...list(out.extension), value()];
    else if (name === '--spec') out.spec = [...list(out.spec), value()];
    else if (name === '--ignore' || name === '--exclude') out.ignore = [...list(out.ignore), value()];
    else if (name === '--config') out.config = value();
    else if (name === '--no-config') out.noConfig = true;
  }
  return out;
}

async function configuration(
  read: Reader,
  script: ReturnType<typeof scriptOptions>,
): Promise<{ options: Options; specSource: { file: string; key: 'root' | 'mocha' } | null } | { reason: string }> {
  if (script.config !== undefined) return { reason: `the script names its own mocha configuration (--config ${script.config})` };
  if (!script.noConfig) {
    for (const file of CODE_OR_YAML)
      if ((await read(file)) !== null) return { reason: `agentd reads mocha's JSON configuration only, and this project has ${file}` };
    for (const file of DATA_CONFIGS) {
      const text = await read(file);
      if (text === null) continue;
      const options = parseJsonText(file, text);
      if (!options) return { reason: `${file} is not valid JSON` };
      return { options, specSource: options.spec === undefined ? null : { file, key: 'root' } };
    }
  }
  const pkg = await read('package.json');
  const mocha = pkg === null ? undefined : (parseJsonText('package.json', pkg)?.mocha as Options | undefined);
  if (mocha && typeof mocha === 'object')
    return { options: mocha, specSource: mocha.spec === undefined ? null : { file: 'package.json', key: 'mocha' } };
  return { options: {}, specSource: null };
}

/** `options`/`positionals`: the script's words after `mocha` (splitScript); `files`: every workspace file. */
export async function mochaSelection(read: Reader, options: string[], positionals: string[], files: string[]): Promise<MochaSelection> {
  const script = scriptOptions(options);
  const config = await configuration(read, script);
  if ('reason' in config) return { known: false, reason: config.reason };
  // mocha adds `--spec` to whatever files it is given, so a narrowed run could not leave it out.
  if (script.spec !== undefined) return { known: false, reason: 'the script passes --spec' };
  const merged = { ...config.options, ...script };
  const specs = [...list(config.options.spec), ...list(script.spec), ...positionals];
  const extensions = [...DEFAULT_EXTENSIONS, ...list(merged.extension).map((e) => e.replace(/^\./, ''))];
  const recursive = merged.recursive === true;
  const ignored = list(merged.ignore).map(globToRegExp);
  const matchers = (specs.length > 0 ? specs : ['./test']).map((spec) => specMatcher(spec, extensions, recursive, files));
  return {
    known: true,
    selects: (file) => matchers.some((m) => m(file)) && !ignored.some((re) => re.test(file)),
    specSource: config.specSource,
  };
}

function specMatcher(spec: string, extensions: string[], recursive: boolean, files: string[]): (file: string) => boolean {
  if (hasGlob(spec)) {
    const re = globToRegExp(spec);
    return (file) => re.test(file);
  }
  const name = normalisePattern(spec);
  const isFolder = name === '' || files.some((f) => f.startsWith(`${name}/`));
  if (!isFolder) return (file) => file === name || extensions.some((ext) => file === `${name}.${ext}`);
  const prefix = name === '' ? '' : `${name}/`;
  return (file) => {
    if (!file.startsWith(prefix)) return false;
    const rest = file.slice(prefix.length);
    return (recursive || !rest.includes('/')) && extensions.some((ext) => rest.endsWith(`.${ext}`));
  };
}

/** The configuration file's text without its `spec`, for a narrowed run in a temp copy (the workspace is never changed). */
export function withoutConfiguredSpec(text: string, source: { file: string; key: 'root' | 'mocha' }): string | null {
  const options = parseJsonText(source.file, text);
  if (!options) return null;
  if (source.key === 'root') delete options.spec;
  else if (options.mocha && typeof options.mocha === 'object') delete (options.mocha as Options).spec;
  return `${JSON.stringify(options, null, 2)}\n`;
}
