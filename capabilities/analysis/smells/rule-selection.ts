/** The `rules: { enable?, disable? }` input every analysis shares: enable keeps only those ids, disable drops ids. */
import type { Finding, JSONSchema } from '../../../core/index.js';

export interface RuleSelection {
  enable?: string[];
  disable?: string[];
}

export function ruleSelectionSchema(ids: string[]): JSONSchema {
  const list = (what: string): JSONSchema => ({ type: 'array', items: { type: 'string', enum: ids }, uniqueItems: true, description: what });
  return {
    type: 'object',
    additionalProperties: false,
    description: 'Which rules report.',
    properties: {
      enable: list('Report only these rules (default: all).'),
      disable: list('Never report these rules.'),
    },
  };
}

export function isRuleOn(ruleId: string, selection: RuleSelection | undefined): boolean {
  if (selection?.enable && !selection.enable.includes(ruleId)) return false;
  return !(selection?.disable ?? []).includes(ruleId);
}

export function selectFindings(findings: Finding[], selection: RuleSelection | undefined): Finding[] {
  return findings.filter((f) => isRuleOn(f.ruleId, selection));
}

export const globsSchema = (what: string): JSONSchema => ({
  type: 'array',
  items: { type: 'string', minLength: 1 },
  description: `Globs (gitignore syntax, relative to the workspace root) of files to ${what}.`,
});
