/** CapabilityTester: RuleTester-style case tables for a capability, run through the daemon's executor. */
export { CapabilityTester, firstPartyModule, type CapabilityLookup, type CapabilityTesterOptions } from './capability-tester.js';
export type {
  CapabilityCases,
  CaseOutcome,
  CaseRun,
  ExpectedChange,
  ExpectedFinding,
  InputErrorCase,
  InvalidCase,
  SampleProject,
  ValidCase,
} from './cases.js';
export { CaseMismatch, compareChanges, compareError, compareFindings, describeFinding, type FindingComparison } from './expectations.js';
export { removeSample, writeSample } from './sample-project.js';
export { resolveHooks, type Suite, type Test, type TestHooks } from './test-framework.js';
