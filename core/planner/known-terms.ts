/** Every word the planner's tables know (intent keywords and option phrases), for reading product names written like code (OpenAPI, JSDoc). */
import { CODEMODS, FRAMEWORKS, LIBRARIES, SECURITY_CATEGORIES } from './extract-options.js';
import { INTENTS } from './intents.js';

const phrases = [
  ...INTENTS.flatMap((i) => i.keywords.map(([p]) => p)),
  ...[CODEMODS, FRAMEWORKS, LIBRARIES, SECURITY_CATEGORIES].flatMap((table) => Object.values(table).flat()),
];

export const KNOWN_TERMS: ReadonlySet<string> = new Set(phrases.flatMap((p) => p.split(' ')).map((w) => w.replace(/!$/, '')));
