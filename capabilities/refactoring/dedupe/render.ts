/** The text of the shared function and of the call that replaces each copy, in the project's indentation. */
import type { CodeStyle } from '../../../core/index.js';
import type { SharedPlan } from './shared-function.js';

export interface Placement {
  /** In-memory path of the file that gets the function. */
  host: string;
  /** Set when the function goes into a new module (then exported and imported by both files). */
  newModule: string | null;
}

const indentUnit = (style: CodeStyle): string => (style.indent.style === 'tab' ? '\t' : ' '.repeat(style.indent.size));

export function functionText(plan: SharedPlan, name: string, exported: boolean, style: CodeStyle): string {
  const unit = indentUnit(style);
  const semi = style.semicolons ? ';' : '';
  const params = plan.params.map((p) => (p.type ? `${p.name}: ${p.type}` : p.name)).join(', ');
  const body = [...plan.body];
  if (plan.outputs.length === 1) body.push(`return ${plan.outputs[0]!.a}${semi}`);
  if (plan.outputs.length > 1) body.push(`return { ${plan.outputs.map((o) => o.a).join(', ')} }${semi}`);
  const lines = body.map((line) => (line.trim() === '' ? '' : unit + line));
  return `${exported ? 'export ' : ''}${plan.isAsync ? 'async ' : ''}function ${name}(${params}) {\n${lines.join('\n')}\n}`;
}

export function callText(plan: SharedPlan, name: string, side: 'a' | 'b', style: CodeStyle): string {
  const semi = style.semicolons ? ';' : '';
  const args = plan.params.map((p) => (side === 'a' ? p.argA : p.argB)).join(', ');
  const call = `${plan.isAsync ? 'await ' : ''}${name}(${args})`;
  if (plan.outputs.length === 0) return `${call}${semi}`;
  const kind = plan.outputs.some((o) => o.kind === 'let') ? 'let' : 'const';
  if (plan.outputs.length === 1) return `${kind} ${plan.outputs[0]![side]} = ${call}${semi}`;
  const fields = plan.outputs.map((o) => (o[side] === o.a ? o.a : `${o.a}: ${o[side]}`)).join(', ');
  return `${kind} { ${fields} } = ${call}${semi}`;
}
