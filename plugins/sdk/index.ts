/**
 * `@agentd/cli/sdk`: what a plugin author writes against. The types are the first-party contract's
 * (core/contracts), re-exported: one contract for agentd's own capabilities and for plugins.
 * Inside the sandbox the plugin's `import ... from '@agentd/cli/sdk'` gets the same helpers.
 */
export type {
  Capability,
  CapabilityContext,
  CapabilityGroup,
  CapabilityMeta,
  Change,
  Finding,
  FindingFix,
  JSONSchema,
  ListOptions,
  LogLevel,
  ReadManyResult,
  RuleDoc,
  Severity,
  SourceRange,
  StepResult,
  TextEdit,
} from '../../core/index.js';
export { defineCapability, finding, lineOfIndex, type FindingOptions, type PluginCapabilityDefinition } from './helpers.js';
export type { PluginContext, PluginNode, PluginParsedFile, PluginTree } from './plugin-context.js';
// PluginTester's base: RuleTester-style cases for any registered capability, run through agentd's executor.
export { CapabilityTester, type CapabilityCases, type CapabilityTesterOptions } from '../../core/tester/index.js';
export {
  PluginTester,
  type CaseOutcome,
  type ExpectedFinding,
  type InvalidCase,
  type PluginTesterOptions,
  type TesterCase,
  type TesterCases,
} from './plugin-tester.js';
export { SDK_VERSION, MANIFEST_SCHEMA, type PluginManifest } from '../manifest/index.js';
export { DEFAULT_PLUGIN_LIMITS, MAX_PLUGIN_LIMITS, PLUGIN_TOOLS, type PluginLimits, type PluginPermissions } from '../sandbox/binding.js';
