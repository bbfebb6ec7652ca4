/**
 * THE single integration point with the insecure-dependency checker (../advisories/, maintained
 * separately): its findings join analysis.security's under the `dependencies` category, and its
 * rule joins meta.rules.
 */
import type { CapabilityContext, Finding, RuleDoc } from '../../../core/index.js';
import { checkInsecureDependencies, VULNERABLE_DEPENDENCY_RULE } from '../advisories/index.js';

export const DEPENDENCY_RULES: RuleDoc[] = [VULNERABLE_DEPENDENCY_RULE];

export async function checkDependencies(ctx: CapabilityContext): Promise<Finding[]> {
  return checkInsecureDependencies(ctx);
}
