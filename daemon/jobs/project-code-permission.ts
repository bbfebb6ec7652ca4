/**
 * Whether a job may run its workspace's own code: what the request asked (`allowProjectCode`), else
 * whether the operator trusts the workspace (security.trustedWorkspaces). A request may give the
 * permission up on a trusted workspace, never take it on an untrusted one: that is the operator's call.
 */
import { AgentdError } from '../../core/index.js';
import { matchesWorkspacePattern } from '../config/workspace-patterns.js';

export function projectCodePermission(workspace: string, requested: boolean | undefined, trusted: readonly string[]): boolean {
  const isTrusted = matchesWorkspacePattern(workspace, trusted);
  if (requested === true && !isTrusted) {
    throw new AgentdError(
      'project_code_not_allowed',
      `Workspace "${workspace}" is not trusted to run its own code ("allowProjectCode": true was asked); the operator can add it to security.trustedWorkspaces (AGENTD_TRUSTED_WORKSPACES), or submit the job without allowProjectCode.`,
    );
  }
  return requested ?? isTrusted;
}
