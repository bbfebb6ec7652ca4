/** zod schemas of the type model: one `<name>Schema: z.ZodType<Name>` per declaration, so tsc proves each matches its type. */
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

export function zodSchemas(decls: Declaration[], root: string): EmittedSchema[] {
  const { ordered, cyclic } = dependencyOrder(decls);
  const defined = new Set<string>();
  const out: EmittedSchema[] = [];
  for (const d of ordered) {
    out.push({
      name: zodSchemaName(d.name),
      type: d.name,
      expression: zod(d.type, (ref) => !defined.has(ref) || cyclic.includes(ref)),
      exported: true,
    });
    defined.add(d.name);
  }
  // the root last is not required; keep dependency order, which tsc needs for const initialisers.
  void root;
  return out;
}

function zod(node: TypeNode, lazy: (ref: string) => boolean): string {
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
      return `z.array(${zod(node.items, lazy)})`;
    case 'union':
      return node.members.length === 0 ? 'z.never()' : `z.union([${node.members.map((m) => zod(m, lazy)).join(', ')}])`;
    case 'object': {
      if (node.props.length === 0 && node.index) return `z.record(z.string(), ${zod(node.index, lazy)})`;
      const shape = node.props.map((p) => `${propertyKey(p.name)}: ${zod(p.type, lazy)}${p.optional ? '.optional()' : ''}`).join(', ');
      if (node.closed) return `z.strictObject({ ${shape} })`;
      if (node.index) return `z.object({ ${shape} }).catchall(${zod(node.index, lazy)})`;
      return `z.looseObject({ ${shape} })`;
    }
  }
}
