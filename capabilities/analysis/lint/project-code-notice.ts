/** What analysis.lint says when the project has an ESLint config it may not run (no project-code permission). */
import type { LintRun } from './run-eslint.js';

export function projectCodeNotice(configFile: string, ranInstead: LintRun['config']['source']): string {
  const instead = ranInstead === 'builtin' ? "agentd's built-in rules" : "agentd's recommended ESLint config";
  return `analysis.lint would run the project's ${configFile}; allow project code for this workspace to use it; ran ${instead} instead.`;
}
