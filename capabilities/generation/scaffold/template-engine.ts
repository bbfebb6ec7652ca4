/**
 * The scaffold's template language: Handlebars in an isolated environment with only agentd's helpers
 * (name casings, plural/singular, eq), strict about unknown variables and helpers. Unlike the
 * generators' Eta templates, Handlebars templates cannot run code (no prototype access, no helpers but
 * ours), so a user's scaffold folder is rendered without the project-code permission.
 */
import Handlebars from 'handlebars';
import { AgentdError } from '../../../core/index.js';
import { camelCase, kebabCase, pascalCase, plural, singular, snakeCase } from '../kit/index.js';

const engine = Handlebars.create();
const text = (value: unknown): string => String(value ?? '');
engine.registerHelper({
  pascal: (v: unknown) => pascalCase(text(v)),
  camel: (v: unknown) => camelCase(text(v)),
  kebab: (v: unknown) => kebabCase(text(v)),
  snake: (v: unknown) => snakeCase(text(v)),
  upper: (v: unknown) => text(v).toUpperCase(),
  lower: (v: unknown) => text(v).toLowerCase(),
  plural: (v: unknown) => plural(text(v)),
  singular: (v: unknown) => singular(text(v)),
  eq: (a: unknown, b: unknown) => a === b,
});
// `log` would write to the worker's console from a user's template.
engine.unregisterHelper('log');
const KNOWN_HELPERS = Object.fromEntries(
  ['pascal', 'camel', 'kebab', 'snake', 'upper', 'lower', 'plural', 'singular', 'eq'].map((h) => [h, true]),
);

/** Renders one template text; `where` names it in errors ("the path of src/x.hbs", "src/x.hbs"). */
export function renderScaffoldText(template: string, variables: Record<string, unknown>, where: string): string {
  try {
    const compiled = engine.compile(template, { noEscape: true, strict: true, knownHelpers: KNOWN_HELPERS, knownHelpersOnly: true });
    return compiled(variables, { allowProtoPropertiesByDefault: false, allowProtoMethodsByDefault: false });
  } catch (cause) {
    const message = cause instanceof Error ? cause.message.split('\n')[0] : String(cause);
    throw new AgentdError('invalid_input', `scaffold template ${where}: ${message}`, {
      cause,
      details: [{ path: '/template', message: `${where}: ${message}` }],
    });
  }
}
