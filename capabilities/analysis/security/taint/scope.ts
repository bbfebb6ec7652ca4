/** Lexical scopes of the taint engine: a variable's current abstract value, looked up outwards. */
import type { Value } from './value.js';

export class Scope {
  private readonly vars = new Map<string, Value>();
  /** Expressions (by text) a guard proved safe, e.g. after `if (!ALLOWED.includes(req.query.to)) return`. */
  readonly guarded = new Map<string, Value>();

  constructor(readonly parent: Scope | null) {}

  lookup(name: string): Value | undefined {
    for (let s: Scope | null = this; s; s = s.parent) {
      const v = s.vars.get(name);
      if (v) return v;
    }
    return undefined;
  }

  guardedValue(text: string): Value | undefined {
    for (let s: Scope | null = this; s; s = s.parent) {
      const v = s.guarded.get(text);
      if (v) return v;
    }
    return undefined;
  }

  declare(name: string, value: Value): void {
    this.vars.set(name, value);
  }

  /** Assignment: updates the scope that declared the name (the outermost one when undeclared). */
  assign(name: string, value: Value): void {
    let owner: Scope = this;
    for (let s: Scope | null = this; s; s = s.parent) {
      if (s.vars.has(name)) {
        s.vars.set(name, value);
        return;
      }
      owner = s;
    }
    owner.vars.set(name, value);
  }
}
