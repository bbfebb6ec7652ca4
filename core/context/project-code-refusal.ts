/** The one wording of "this needs the project-code permission", so every refusal says how to grant it. */
import { AgentdError } from '../errors/index.js';

export function projectCodeRefused(what: string): AgentdError {
  return new AgentdError(
    'project_code_not_allowed',
    `${what} was refused: it runs the project's own code, which this job does not allow; add the workspace to security.trustedWorkspaces (AGENTD_TRUSTED_WORKSPACES) or submit the job with "allowProjectCode": true on a trusted workspace.`,
  );
}
