/**
 * Named declarations from one nested type: every inline object with properties becomes an interface
 * named from its key (`address` -> Address, the items of `orders` -> Order), a structurally equal
 * object reuses the declaration already made, and a name taken by another shape is prefixed with
 * its parent's name (UserAddress), then numbered.
 */
import { pascalCase, singular } from '../kit/index.js';
import { sameType, type Declaration, type TypeNode } from './model.js';

export class Hoister {
  readonly declarations: Declaration[] = [];

  /** Adds `type` as the declaration `name` (its nested objects hoisted too); returns the name used. */
  declare(name: string, type: TypeNode, doc?: string): string {
    const body = this.hoistInside(type, name);
    const decl: Declaration = doc ? { name, type: body, doc } : { name, type: body };
    this.declarations.push(decl);
    return name;
  }

  /** The type with nested objects replaced by references to declarations. */
  hoistInside(type: TypeNode, owner: string): TypeNode {
    switch (type.kind) {
      case 'object':
        return {
          ...type,
          props: type.props.map((p) => ({ ...p, type: this.hoist(p.type, p.name, owner, false) })),
          index: type.index ? this.hoist(type.index, `${owner} value`, owner, false) : null,
        };
      case 'array':
        return { kind: 'array', items: this.hoist(type.items, `${owner} item`, owner, true) };
      case 'union':
        return { kind: 'union', members: type.members.map((m) => this.hoistInside(m, owner)) };
      default:
        return type;
    }
  }

  private hoist(type: TypeNode, key: string, parent: string, item: boolean): TypeNode {
    switch (type.kind) {
      case 'object': {
        if (type.props.length === 0) return this.hoistInside(type, parent);
        const body = this.hoistInside(type, parent);
        const same = this.declarations.find((d) => sameType(d.type, body));
        if (same) return { kind: 'ref', name: same.name };
        const name = this.freeName(key, parent, item);
        this.declarations.push({ name, type: body });
        return { kind: 'ref', name };
      }
      case 'array':
        return { kind: 'array', items: this.hoist(type.items, key, parent, true) };
      case 'union':
        return { kind: 'union', members: type.members.map((m) => this.hoist(m, key, parent, item)) };
      default:
        return type;
    }
  }

  private freeName(key: string, parent: string, item: boolean): string {
    const words = pascalCase(key);
    let base = item ? pascalCase(singular(words)) : words;
    if (item && base === words && !/Item$/.test(base)) base = `${base}Item`;
    if (!/^[A-Za-z]/.test(base)) base = `${parent}${base}`;
    if (base === '' || base === 'Item') base = `${parent}Item`;
    const taken = (n: string): boolean => this.declarations.some((d) => d.name === n) || this.reserved.has(n);
    if (!taken(base)) return base;
    const prefixed = `${parent}${base}`;
    if (!taken(prefixed)) return prefixed;
    for (let i = 2; ; i++) if (!taken(`${base}${i}`)) return `${base}${i}`;
  }

  /** Names that must not be used for hoisted declarations (the root, the schema's own definitions). */
  readonly reserved = new Set<string>();
}
