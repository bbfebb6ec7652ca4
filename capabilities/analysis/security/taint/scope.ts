/** Lexical scopes of the taint engine: a variable's current abstract value, looked up outwards. */
import type { Value } from './value.js';

export class Scope {
  private readonly vars = new Map<string, Value>();
  /** Expressions (by text) a guard proved safe, e.g. after `if (!ALLOWED.includes(req.query.to)) return`. */
  readonly guarded = new Map<string, Value>();

  constructor(readonly parent: Scope | null) {}

  lookup(name: string): Value | undefined {
    return this.vars.get(name) ?? this.parent?.lookup(name);
  }

  guardedValue(text: string): Value | undefined {
    return this.guarded.get(text) ?? this.parent?.guardedValue(text);
  }

  declare(name: string, value: Value): void {
    this.vars.set(name, value);
  }

  /** Assignment: updates the scope that declared the name (the outermost one when undeclared). */
  assign(name: string, value: Value): void {
    if (this.vars.has(name) || !this.parent) this.vars.set(name, value);
    else this.parent.assign(name, value);
  }
}
