/** ESLint's getStaticPropertyName for a property/method key node: its name when it is statically known, else null. */
import { firstNamedChild, textOf, type SyntaxNode as Node } from '../../../core/index.js';

const NAME_TYPES = new Set(['property_identifier', 'identifier', 'private_property_identifier', 'type_identifier']);

export function staticPropertyName(key: Node, source: string): string | null {
  if (NAME_TYPES.has(key.type)) return textOf(key, source);
  if (key.type === 'computed_property_name') {
    const inner = firstNamedChild(key);
    return inner && inner.type !== 'identifier' ? literalName(inner, source) : null;
  }
  return literalName(key, source);
}

/** String(literal.value) as ESLint computes it; null for anything that is not a literal. */
function literalName(node: Node, source: string): string | null {
  const text = textOf(node, source);
  switch (node.type) {
    case 'string':
      return unquote(text);
    case 'number':
      return String(Number(text.replace(/_/g, '')));
    case 'template_string':
      return node.children.some((c) => c.type === 'template_substitution') ? null : unquote(text);
    case 'true':
    case 'false':
    case 'null':
      return text;
    default:
      return null;
  }
}

function unquote(text: string): string {
  const body = text.slice(1, -1);
  if (!body.includes('\\')) return body;
  try {
    return JSON.parse(`"${body.replace(/\\'/g, "'").replace(/"/g, '\\"')}"`) as string;
  } catch {
    return body;
  }
}
