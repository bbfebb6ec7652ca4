/** A draft-07 JSON Schema of the type model (for ajv): declarations under `definitions`, the root a `$ref` to its own. */
import { AgentdError } from '../../../core/index.js';
import type { Declaration, TypeNode } from '../types/model.js';

export function jsonSchemaOf(decls: Declaration[], root: string): Record<string, unknown> {
  const definitions: Record<string, unknown> = {};
  for (const d of decls) definitions[d.name] = schema(d.type, d.name);
  return { $ref: `#/definitions/${root}`, definitions };
}

function schema(node: TypeNode, where: string): Record<string, unknown> {
  switch (node.kind) {
    case 'string':
      return { type: 'string' };
    case 'number':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'null':
      return { type: 'null' };
    case 'unknown':
      return {};
    case 'date':
      throw new AgentdError(
        'invalid_input',
        `type: ${where} has a Date, which JSON (and so ajv) cannot hold; use library "zod" or "guard", or an ISO string`,
      );
    case 'literal':
      return { const: node.value };
    case 'ref':
      return { $ref: `#/definitions/${node.name}` };
    case 'array':
      return { type: 'array', items: schema(node.items, where) };
    case 'union':
      return { anyOf: node.members.map((m) => schema(m, where)) };
    case 'object': {
      const properties: Record<string, unknown> = {};
      for (const p of node.props) properties[p.name] = schema(p.type, where);
      const required = node.props.filter((p) => !p.optional).map((p) => p.name);
      return {
        type: 'object',
        properties,
        ...(required.length > 0 ? { required } : {}),
        additionalProperties: node.closed ? false : node.index ? schema(node.index, where) : true,
      };
    }
  }
}
