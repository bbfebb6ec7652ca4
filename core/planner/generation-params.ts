/**
 * What a generation step is about, read from prose: the new thing's name ("called ProfileCard", "a
 * user profile page" -> UserProfilePage), its parts ("with an avatar and a form"), the resource of an
 * endpoint ("for orders") and HTTP methods; read by the 'generate' strategy's field sources (fill-fields.ts).
 */
import { nameAfterMarker } from './extract-params.js';
import type { PlanContext } from './planning-context.js';
import type { Token } from './task-text.js';

const ARTIFACT_NOUNS = new Set([
  'component',
  'page',
  'screen',
  'view',
  'form',
  'card',
  'modal',
  'dialog',
  'widget',
  'dashboard',
  'navbar',
  'sidebar',
  'hook',
  'service',
  'repository',
  'client',
  'validator',
  'schema',
  'table',
  'model',
  'endpoint',
  'endpoints',
  'route',
  'routes',
  'api',
  'resource',
  'types',
  'interface',
  'controller',
  'handler',
  'list',
  'button',
  'panel',
  'header',
  'footer',
  'layout',
]);
const KEEP_NOUNS = new Set([
  'page',
  'screen',
  'view',
  'form',
  'card',
  'modal',
  'dialog',
  'widget',
  'dashboard',
  'navbar',
  'sidebar',
  'list',
  'button',
  'panel',
  'header',
  'footer',
  'layout',
  'service',
  'repository',
  'client',
  'validator',
]);
const STOP =
  /^(a|an|the|new|my|our|simple|basic|small|typed|react|vue|svelte|rest|restful|express|fastify|reusable|custom|crud|to|for|with|of|and|build|create|add|make|generate|write|implement|develop|scaffold|me|please|some|that|which|shows|displays|can|i|we)$/i;

const QUALIFIERS = /^(rest|restful|crud|http|json|express|fastify|react|vue|svelte|typed)$/i;

export const pascal = (words: string[]): string => words.map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join('');

/** Words written right before the first artifact noun ("user profile" of "a user profile page"). */
function nounPhrase(tokens: Token[]): { words: string[]; noun: string } | null {
  const isNoun = (t: Token | undefined): boolean => t !== undefined && t.kind === 'word' && ARTIFACT_NOUNS.has(t.text.toLowerCase());
  const at = tokens.findIndex(isNoun);
  if (at < 0) return null;
  // "a dashboard page", "a login form component": the run of nouns ends at the last one.
  let end = at;
  while (isNoun(tokens[end + 1])) end++;
  const words: string[] = tokens.slice(at, end).map((t) => t.text);
  // "a users REST API", "an orders CRUD endpoint": the kind words between the name and the noun are not the name.
  let from = at - 1;
  while (from >= 0 && tokens[from]!.kind === 'word' && QUALIFIERS.test(tokens[from]!.text)) from--;
  for (let i = from; i >= 0 && tokens[i]!.kind === 'word' && !STOP.test(tokens[i]!.text); i--) words.unshift(tokens[i]!.text);
  return { words, noun: tokens[end]!.text.toLowerCase() };
}

/** The name of the main new thing, or null when the task gives none. */
export function newThingName(ctx: PlanContext, kind: 'component' | 'hook' | 'other'): string | null {
  const marked = nameAfterMarker(ctx.text, ctx.tokens);
  if (marked) return marked;
  const known = new Set(ctx.index.symbols.map((s) => s.name));
  const ident = ctx.tokens.find(
    (t) => (t.kind === 'ident' || t.kind === 'quoted') && /^[A-Za-z_$][\w$]*$/.test(t.text) && !known.has(t.text) && !/Error$/.test(t.text),
  );
  if (ident && (kind !== 'hook' || /^use[A-Z]/.test(ident.text))) return ident.text;
  const phrase = nounPhrase(ctx.tokens);
  if (!phrase || phrase.words.length === 0) return null;
  const words = KEEP_NOUNS.has(phrase.noun) ? [...phrase.words, phrase.noun] : phrase.words;
  if (kind === 'hook') return `use${pascal(words)}`;
  return kind === 'component' ? pascal(words) : pascal(words).replace(/^./, (c) => c.toLowerCase());
}

/** "with an avatar and a form" -> ["avatar", "form"]; field lists and "with tests" are not parts. */
export function partsOf(ctx: PlanContext): string[][] {
  const m = /\bwith\s+(.+?)(?:[.;]|$)/i.exec(ctx.text);
  if (!m || /:|\bfields?\b|\bcolumns?\b|\bproperties\b/i.test(m[1]!)) return [];
  return m[1]!
    .split(/\s*(?:,|\band\b|\bplus\b)\s*/i)
    .map((part) => part.split(/\s+/).filter((w) => w.length > 0 && !STOP.test(w) && /^[A-Za-z]+$/.test(w)))
    .filter(
      (words) => words.length > 0 && !words.some((w) => /^(tests?|docs?|documentation|examples?|validation|pagination|types?)$/i.test(w)),
    );
}

/** The resource of an endpoint or CRUD task: "for orders", "to manage products", "an orders endpoint". */
export function resourceOf(ctx: PlanContext): string | null {
  const m = /\b(?:for|to manage|managing|of)\s+(?:the\s+)?([A-Za-z][\w-]*)/i.exec(ctx.text);
  if (m && !STOP.test(m[1]!)) return m[1]!.toLowerCase();
  const phrase = nounPhrase(ctx.tokens);
  return phrase && phrase.words.length > 0 ? phrase.words.join('-').toLowerCase() : null;
}

export function methodsOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\b(GET|POST|PUT|PATCH|DELETE)\b/g)].map((m) => m[1]!))];
}
