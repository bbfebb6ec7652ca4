/**
 * zod schemas of the type model: one `<name>Schema: z.ZodType<Name>` per declaration, so tsc proves each
 * matches its type. In the API of the project's zod major: an open object is `z.looseObject` in zod 4,
 * `z.object(...).passthrough()` in zod 3 (the rest is common to both).
 */
import { camelCase } from '../kit/index.js';
import { dependencyOrder, type Declaration, type TypeNode } from '../types/model.js';
import { propertyKey } from '../types/print.js';

export const zodSchemaName = (type: string): string => `${camelCase(type)}Schema`;

export interface EmittedSchema {
  name: string;
  type: string;
  expression: string;
  exported: boolean;
}

export function zodSchemas(decls: Declaration[], root: string, major: 3 | 4 = 4): EmittedSchema[] {
  const { ordered, cyclic } = dependencyOrder(decls);
  const defined = new Set<string>();
  const out: EmittedSchema[] = [];
  for (const d of ordered) {
    out.push({
      name: zodSchemaName(d.name),
      type: d.name,
      expression: zod(d.type, (ref) => !defined.has(ref) || cyclic.includes(ref), major),
      exported: true,
    });
    defined.add(d.name);
  }
  // the root last is not required; keep dependency order, which tsc needs for const initialisers.
  void root;
  return out;
}

function zod(node: TypeNode, lazy: (ref: string) => boolean, major: 3 | 4): string {
  switch (node.kind) {
    case 'string':
      return 'z.string()';
    case 'number':
      return 'z.number()';
    case 'boolean':
      return 'z.boolean()';
    case 'null':
      return 'z.null()';
    case 'unknown':
      return 'z.unknown()';
    case 'date':
      return 'z.date()';
    case 'literal':
      return `z.literal(${JSON.stringify(node.value)})`;
    case 'ref':
      return lazy(node.name) ? `z.lazy(() => ${zodSchemaName(node.name)})` : zodSchemaName(node.name);
    case 'array':
      return `z.array(${zod(node.items, lazy, major)})`;
    case 'union':
      return node.members.length === 0 ? 'z.never()' : `z.union([${node.members.map((m) => zod(m, lazy, major)).join(', ')}])`;
    case 'object': {
      if (node.props.length === 0 && node.index) return `z.record(z.string(), ${zod(node.index, lazy, major)})`;
      const shape = node.props
        .map((p) => `${propertyKey(p.name)}: ${zod(p.type, lazy, major)}${p.optional ? '.optional()' : ''}`)
        .join(', ');
      if (node.closed) return `z.strictObject({ ${shape} })`;
      if (node.index) return `z.object({ ${shape} }).catchall(${zod(node.index, lazy, major)})`;
      return major === 3 ? `z.object({ ${shape} }).passthrough()` : `z.looseObject({ ${shape} })`;
    }
  }
}
