/**
 * Where a CI job's reports point. In a GitHub Actions or GitLab CI job the Markdown report links each
 * file:line to the file at the commit being built (a PR comment's relative links would resolve
 * against the PR page, not the code), below the scanned folder's place in the checkout; GitHub
 * annotations name files from the repository root; and the "and N more" line points at the run's
 * page. Elsewhere links are relative to the scanned folder. `--link-base` overrides the link base.
 */
import path from 'node:path';
import type { RenderOptions } from './scan-output.js';

/** The scanned folder relative to the checkout ("" when it is the checkout or outside it). */
function within(checkout: string | undefined, root: string): string {
  if (!checkout) return '';
  const relative = path.relative(path.resolve(checkout), root).split(path.sep).join('/');
  return relative && !relative.startsWith('..') ? relative : '';
}

export function ciRenderOptions(env: NodeJS.ProcessEnv, root: string): RenderOptions {
  if (env.GITHUB_SERVER_URL && env.GITHUB_REPOSITORY && env.GITHUB_SHA) {
    const prefix = within(env.GITHUB_WORKSPACE, root);
    const repo = `${env.GITHUB_SERVER_URL}/${env.GITHUB_REPOSITORY}`;
    return {
      linkBase: `${repo}/blob/${env.GITHUB_SHA}${prefix ? `/${prefix}` : ''}`,
      ...(prefix ? { pathPrefix: prefix } : {}),
      ...(env.GITHUB_RUN_ID ? { moreAt: `the workflow run: ${repo}/actions/runs/${env.GITHUB_RUN_ID}` } : {}),
    };
  }
  if (env.CI_PROJECT_URL && env.CI_COMMIT_SHA) {
    const prefix = within(env.CI_PROJECT_DIR, root);
    return {
      linkBase: `${env.CI_PROJECT_URL}/-/blob/${env.CI_COMMIT_SHA}${prefix ? `/${prefix}` : ''}`,
      ...(env.CI_JOB_URL ? { moreAt: `the job: ${env.CI_JOB_URL}` } : {}),
    };
  }
  return {};
}
