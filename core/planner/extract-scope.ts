/**
 * Finds the places a task names — paths, folders by name ("the hooks folder", "in src"), "the tests" —
 * and whether each is wanted ("in src/routes", "also include the tests folder") or left out ("except
 * tests", "skip src/db.ts"), or is a destination ("to src/money.ts").
 */
import { closeNames } from './fuzzy-words.js';
import type { PlannerWords } from './known-terms.js';
import { foldersNamed, resolvePath, testGlobs, type PathResolution } from './resolve-target.js';
import type { Token } from './task-text.js';
import type { ProjectIndex } from './types.js';

export interface Mention {
  text: string;
  /** Index of the token in the task's tokens. */
  token: number;
  negated: boolean;
  role: 'scope' | 'destination';
  resolution: PathResolution | { status: 'tests'; globs: string[] };
}

const NEGATORS = new Set(['except', 'excluding', 'exclude', 'excludes', 'ignore', 'ignoring', 'skip', 'skipping', 'without', 'not', 'but']);
/** Verbs among the scope words: "audit src" names a place, but "audit security" names what to look for. */
const SCOPE_VERBS = new Set(['scan', 'audit', 'check', 'analyse', 'analyze', 'include', 'including', 'includes', 'also', 'only', 'just']);
const SCOPE_WORDS = new Set([
  'in',
  'inside',
  'within',
  'under',
  'across',
  'of',
  'for',
  'on',
  'from',
  'include',
  'including',
  'includes',
  'only',
  'just',
  'scan',
  'audit',
  'check',
  'analyse',
  'analyze',
  'also',
]);
const FILLERS = new Set(['the', 'my', 'our', 'all', 'its', 'this', 'that', 'those', 'these', 'your', 'a', 'an']);
const FOLDER_NOUNS = new Set(['folder', 'folders', 'directory', 'directories', 'dir', 'dirs']);
/** Folder names too common in prose to read as a place without "in", "the ... folder" and the like. */
const COMMON_NAMES = new Set([
  'data',
  'test',
  'tests',
  'spec',
  'types',
  'docs',
  'config',
  'public',
  'assets',
  'api',
  'app',
  'build',
  'dist',
  'src',
  'bin',
  'scripts',
  'components',
  'hooks',
  'routes',
  'services',
  'models',
  'utils',
]);
const TEST_WORDS = new Set(['test', 'tests', 'spec', 'specs', 'testing']);
const JOINERS = new Set(['and', 'or', 'nor']);

const lower = (t: Token | undefined): string => (t ? t.text.toLowerCase() : '');

/** The nearest meaningful word before token i (fillers skipped). */
function previousWord(tokens: Token[], i: number): string {
  for (let j = i - 1; j >= 0; j--) {
    const w = lower(tokens[j]);
    if (!FILLERS.has(w)) return w;
  }
  return '';
}

function isNegated(tokens: Token[], i: number, mentions: Mention[]): boolean {
  const last = mentions[mentions.length - 1];
  const from = last ? last.token + 1 : 0;
  const between = tokens.slice(Math.max(from, i - 4), i).map(lower);
  if (between.some((w) => NEGATORS.has(w))) return true;
  // "except tests and fixtures": a list continues the negation of its first item.
  return last !== undefined && last.negated && tokens.slice(from, i).every((t) => JOINERS.has(lower(t)) || FILLERS.has(lower(t)));
}

function looksLikePath(text: string): boolean {
  return /[/\\]/.test(text) || /\.[a-z]{1,5}$/i.test(text);
}

const FILE_NOUNS = new Set([
  'file',
  'route',
  'routes',
  'router',
  'service',
  'component',
  'hook',
  'module',
  'page',
  'handler',
  'middleware',
  'model',
]);

/** "the orders route" -> src/routes/orders.ts, "the order service" -> src/services/order-service.ts: a file by its name in prose. */
function fileNamed(word: string, next: string, index: ProjectIndex): string | null {
  if (!FILE_NOUNS.has(next)) return null;
  const stems = new Set([word, `${word}-${next}`, `${word}.${next}`, `${word}${next}`]);
  const hits = index.files.filter(
    (f) =>
      /\.(tsx?|jsx?|mjs|cjs)$/.test(f) &&
      stems.has(
        f
          .slice(f.lastIndexOf('/') + 1)
          .replace(/\.[^.]+$/, '')
          .toLowerCase(),
      ),
  );
  return hits.length === 1 ? hits[0]! : null;
}

function wordMention(tokens: Token[], i: number, index: ProjectIndex, terms: PlannerWords): Mention['resolution'] | null {
  const word = lower(tokens[i]);
  const prev = previousWord(tokens, i);
  const next = lower(tokens[i + 1]);
  const file = fileNamed(word, next, index);
  if (file) return { status: 'found', path: file, kind: 'file' };
  const intentWord = terms.intentWords.has(word);
  const scoped = (SCOPE_WORDS.has(prev) && !(intentWord && SCOPE_VERBS.has(prev))) || NEGATORS.has(prev) || FOLDER_NOUNS.has(next);
  // "modernize lib": a folder's exact name reads as the place unless it is also an everyday word or a task word.
  const exactName =
    !COMMON_NAMES.has(word) && !intentWord && index.folders.some((f) => f.slice(f.lastIndexOf('/') + 1) === tokens[i]!.text);
  if (!scoped && !exactName) return null;
  if (TEST_WORDS.has(word) && (NEGATORS.has(prev) || SCOPE_WORDS.has(prev) || FOLDER_NOUNS.has(next) || next === 'files')) {
    return { status: 'tests', globs: testGlobs(index) };
  }
  const folders = foldersNamed(word, index);
  if (folders.length === 1) return { status: 'found', path: folders[0]!, kind: 'folder' };
  if (folders.length > 1) return { status: 'ambiguous', options: folders };
  if (FOLDER_NOUNS.has(next) && !FILLERS.has(word)) return resolvePath(word, index);
  return nearMissFolder(word, prev, index, terms);
}

/** Words that put a place after them: "in srcc", "of srcc" (not "for", "on": "for performance", "on save"). */
const PLACE_WORDS = new Set(['in', 'inside', 'within', 'under', 'of', 'across']);

/**
 * "audit security of srcc": after a place word, a word that is none the planner knows but is a near miss
 * of a folder of the project is that folder misspelled — asked about with the close names, never
 * silently widened to the whole project.
 */
function nearMissFolder(word: string, prev: string, index: ProjectIndex, terms: PlannerWords): Mention['resolution'] | null {
  if (
    !PLACE_WORDS.has(prev) ||
    word.length < 3 ||
    FILLERS.has(word) ||
    terms.known.has(word) ||
    terms.intentWords.has(word) ||
    COMMON_NAMES.has(word)
  )
    return null;
  const byName = new Map<string, string>();
  for (const folder of index.folders) {
    const name = folder.slice(folder.lastIndexOf('/') + 1);
    const known = byName.get(name);
    if (!known || known.split('/').length > folder.split('/').length) byName.set(name, folder);
  }
  const near = closeNames(word, byName.keys());
  return near.length > 0 ? { status: 'missing', suggestions: near.map((name) => byName.get(name)!) } : null;
}

export function extractMentions(tokens: Token[], index: ProjectIndex, terms: PlannerWords): Mention[] {
  const mentions: Mention[] = [];
  tokens.forEach((token, i) => {
    let resolution: Mention['resolution'] | null = null;
    if (token.kind === 'path' || (token.kind === 'quoted' && looksLikePath(token.text) && !/\s/.test(token.text))) {
      resolution = resolvePath(token.text, index);
      // A product name the planners' data knows ("Next.js") is not a file the project lacks.
      if (resolution.status === 'missing' && terms.known.has(token.text.toLowerCase())) resolution = null;
    } else if (token.kind === 'word') {
      resolution = wordMention(tokens, i, index, terms);
    }
    if (!resolution) return;
    const prev = previousWord(tokens, i);
    const role = prev === 'to' || prev === 'into' || prev === 'as' ? 'destination' : 'scope';
    mentions.push({ text: token.text, token: i, negated: role === 'scope' && isNegated(tokens, i, mentions), role, resolution });
  });
  return mentions;
}
