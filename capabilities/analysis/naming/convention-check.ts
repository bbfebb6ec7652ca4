/** Per-file naming findings: conventions per kind and meaningless names. */
import type { Finding } from '../../../core/index.js';
import { core, matchesAny, suggest, type CaseStyle } from './case-styles.js';
import type { DeclaredName, NameKind } from './declarations.js';
import type { ConventionKind, NamingOptions } from './options.js';

const RULE_OF_KIND: Record<NameKind, string> = {
  variable: 'naming/variable-case',
  constant: 'naming/constant-case',
  function: 'naming/function-case',
  parameter: 'naming/parameter-case',
  type: 'naming/type-case',
  enumMember: 'naming/enum-member-case',
  method: 'naming/member-case',
  field: 'naming/member-case',
};

const KIND_LABEL: Record<NameKind, string> = {
  variable: 'Variable',
  constant: 'Module constant',
  function: 'Function',
  parameter: 'Parameter',
  type: 'Type',
  enumMember: 'Enum member',
  method: 'Method',
  field: 'Field',
};

export function allowedStyles(declared: DeclaredName, options: NamingOptions): CaseStyle[] {
  const styles = new Set<CaseStyle>(options.conventions[declared.kind as ConventionKind]);
  if (declared.pascalAllowed) styles.add('PascalCase');
  if (declared.upperAllowed) styles.add('UPPER_CASE');
  return [...styles];
}

/**
 * allowedStyles per options, kind and the two flags: a file declares thousands of names but there are
 * only 32 such combinations. Shared and read-only: a finding gets its own copy.
 */
const allowedCache = new WeakMap<NamingOptions, Map<string, CaseStyle[]>>();

function cachedAllowedStyles(declared: DeclaredName, options: NamingOptions): CaseStyle[] {
  let byCase = allowedCache.get(options);
  if (!byCase) allowedCache.set(options, (byCase = new Map()));
  const key = `${declared.kind}${declared.pascalAllowed ? '+P' : ''}${declared.upperAllowed ? '+U' : ''}`;
  let allowed = byCase.get(key);
  if (!allowed) byCase.set(key, (allowed = allowedStyles(declared, options)));
  return allowed;
}

export function conventionFinding(file: string, declared: DeclaredName, options: NamingOptions): Finding | undefined {
  if (matchesAny(declared.name, cachedAllowedStyles(declared, options))) return undefined;
  const allowed = allowedStyles(declared, options);
  const preferred = options.conventions[declared.kind as ConventionKind][0] ?? allowed[0]!;
  const suggestion = suggest(declared.name, preferred);
  return {
    ruleId: RULE_OF_KIND[declared.kind],
    severity: 'low',
    message: `${KIND_LABEL[declared.kind]} '${declared.name}' is not ${allowed.join(' or ')}; rename it, e.g. to '${suggestion}'.`,
    file,
    range: declared.range,
    data: { name: declared.name, kind: declared.kind, allowed, suggestion },
  };
}

const SHORT_KINDS = new Set<NameKind>(['variable', 'constant', 'parameter', 'function']);

export function meaninglessFinding(file: string, declared: DeclaredName, options: NamingOptions): Finding | undefined {
  if (!SHORT_KINDS.has(declared.kind)) return undefined;
  const stripped = core(declared.name);
  const lower = stripped.toLowerCase();
  // Without its trailing digits (a loop rather than /\d+$/: this runs for most names).
  let end = lower.length;
  while (end > 0 && lower.charCodeAt(end - 1) >= 48 && lower.charCodeAt(end - 1) <= 57) end--;
  const base = end === lower.length ? lower : lower.slice(0, end);
  const numbered = end !== lower.length;
  let reason: string | undefined;
  if (options.meaningless.includes(base) && (numbered || base.length > 0)) reason = 'says nothing about what it holds';
  else if (stripped.length === 1 && !declared.shortAllowed && !options.allowedShortNames.includes(declared.name))
    reason = 'is a single letter outside a loop, lambda or catch';
  else if (numbered && base.length === 1 && !/^(h[1-6]|s3|v8|x64|x86)$/i.test(stripped)) reason = 'is a letter with a number';
  if (!reason) return undefined;
  return {
    ruleId: 'naming/meaningless',
    severity: 'low',
    message: `${KIND_LABEL[declared.kind]} name '${declared.name}' ${reason}; name it after its content or purpose.`,
    file,
    range: declared.range,
    data: { name: declared.name, kind: declared.kind },
  };
}
