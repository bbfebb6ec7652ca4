/**
 * The objects the stand-in answers with, shaped as GitHub's REST description (github-openapi-subset.json)
 * requires them: every required field, with the types and formats the schema gives, and the URL fields
 * built as api.github.com builds them (templates such as `{/number}` where GitHub returns templates).
 * The stand-in checks each response against the description (openapi-subset.ts checkResponse), so a
 * field missing here is a recorded violation, not a silent difference from GitHub.
 */

/** A fixed time for fields agentd never reads (created_at of a user, a repository). */
const EPOCH = '2026-01-01T00:00:00Z';

export interface Links {
  /** The stand-in's own URL: the API base. */
  api: string;
  /** The web base of html_url fields. */
  web: string;
}

/** Stable small numbers for names (the id GitHub would give a login or a repository). */
function idOf(name: string): number {
  let hash = 7;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_000;
  return hash + 1;
}

const nodeId = (kind: string, id: number) => Buffer.from(`${kind}${id}`).toString('base64');

/** simple-user (also nullable-simple-user; with role_name, nullable-collaborator). */
export function user(links: Links, login: string, type: 'User' | 'Bot' | 'Organization' = 'User') {
  const id = idOf(login);
  // A bot's login has brackets ("agentd[bot]"): GitHub escapes them in its URLs (%5Bbot%5D).
  const url = `${links.api}/users/${encodeURIComponent(login)}`;
  return {
    login,
    id,
    node_id: nodeId('U_', id),
    avatar_url: `${links.web}/avatars/u/${id}`,
    gravatar_id: '',
    url,
    html_url: `${links.web}/${encodeURIComponent(login)}`,
    followers_url: `${url}/followers`,
    following_url: `${url}/following{/other_user}`,
    gists_url: `${url}/gists{/gist_id}`,
    starred_url: `${url}/starred{/owner}{/repo}`,
    subscriptions_url: `${url}/subscriptions`,
    organizations_url: `${url}/orgs`,
    repos_url: `${url}/repos`,
    events_url: `${url}/events{/privacy}`,
    received_events_url: `${url}/received_events`,
    type,
    site_admin: false,
  };
}

/** The URL fields of a repository: name -> path after /repos/{owner}/{repo}, as api.github.com spells them. */
const REPOSITORY_URLS: Record<string, string> = {
  archive_url: '/{archive_format}{/ref}',
  assignees_url: '/assignees{/user}',
  blobs_url: '/git/blobs{/sha}',
  branches_url: '/branches{/branch}',
  collaborators_url: '/collaborators{/collaborator}',
  comments_url: '/comments{/number}',
  commits_url: '/commits{/sha}',
  compare_url: '/compare/{base}...{head}',
  contents_url: '/contents/{+path}',
  contributors_url: '/contributors',
  deployments_url: '/deployments',
  downloads_url: '/downloads',
  events_url: '/events',
  forks_url: '/forks',
  git_commits_url: '/git/commits{/sha}',
  git_refs_url: '/git/refs{/sha}',
  git_tags_url: '/git/tags{/sha}',
  hooks_url: '/hooks',
  issue_comment_url: '/issues/comments{/number}',
  issue_events_url: '/issues/events{/number}',
  issues_url: '/issues{/number}',
  keys_url: '/keys{/key_id}',
  labels_url: '/labels{/name}',
  languages_url: '/languages',
  merges_url: '/merges',
  milestones_url: '/milestones{/number}',
  notifications_url: '/notifications{?since,all,participating}',
  pulls_url: '/pulls{/number}',
  releases_url: '/releases{/id}',
  stargazers_url: '/stargazers',
  statuses_url: '/statuses/{sha}',
  subscribers_url: '/subscribers',
  subscription_url: '/subscription',
  tags_url: '/tags',
  teams_url: '/teams',
  trees_url: '/git/trees{/sha}',
};

/** repository ("owner/name"). */
export function repository(links: Links, fullName: string, defaultBranch = 'main') {
  const [owner, name] = fullName.split('/') as [string, string];
  const id = idOf(fullName);
  const url = `${links.api}/repos/${fullName}`;
  const web = `${links.web}/${fullName}`;
  return {
    id,
    node_id: nodeId('R_', id),
    name,
    full_name: fullName,
    owner: user(links, owner),
    private: false,
    html_url: web,
    description: null,
    fork: false,
    url,
    ...Object.fromEntries(Object.entries(REPOSITORY_URLS).map(([field, tail]) => [field, `${url}${tail}`])),
    clone_url: `${web}.git`,
    git_url: `git://${new URL(links.web).host}/${fullName}.git`,
    ssh_url: `git@${new URL(links.web).host}:${fullName}.git`,
    svn_url: web,
    mirror_url: null,
    homepage: null,
    language: 'JavaScript',
    forks: 0,
    forks_count: 0,
    stargazers_count: 0,
    watchers: 0,
    watchers_count: 0,
    size: 1,
    default_branch: defaultBranch,
    open_issues: 0,
    open_issues_count: 0,
    has_issues: true,
    has_projects: true,
    has_wiki: true,
    has_pages: false,
    has_downloads: true,
    archived: false,
    disabled: false,
    license: null,
    pushed_at: EPOCH,
    created_at: EPOCH,
    updated_at: EPOCH,
  };
}

/** integration (GET /app; a check run's app). */
export function integration(links: Links, appId: number, slug: string, permissions: Record<string, string>) {
  return {
    id: appId,
    slug,
    node_id: nodeId('A_', appId),
    owner: user(links, 'agentd-owner', 'Organization'),
    name: slug,
    description: null,
    external_url: `${links.web}/apps/${slug}`,
    html_url: `${links.web}/apps/${slug}`,
    created_at: EPOCH,
    updated_at: EPOCH,
    permissions,
    events: ['check_run', 'check_suite', 'issue_comment', 'pull_request', 'push'],
  };
}

export interface CheckRunState {
  id: number;
  name: string;
  head_sha: string;
  status: string;
  conclusion: string | null;
  external_id: string | null;
  started_at: string | null;
  completed_at: string | null;
  details_url: string | null;
  output: { title?: string; summary?: string; text?: string };
  annotationCount: number;
}

/** check-run. */
export function checkRun(links: Links, fullName: string, run: CheckRunState, app: ReturnType<typeof integration>) {
  const url = `${links.api}/repos/${fullName}/check-runs/${run.id}`;
  return {
    id: run.id,
    node_id: nodeId('CR_', run.id),
    head_sha: run.head_sha,
    external_id: run.external_id,
    url,
    html_url: `${links.web}/${fullName}/runs/${run.id}`,
    details_url: run.details_url ?? `${links.web}/${fullName}/runs/${run.id}`,
    status: run.status,
    conclusion: run.conclusion,
    started_at: run.started_at,
    completed_at: run.completed_at,
    output: {
      title: run.output.title ?? null,
      summary: run.output.summary ?? null,
      text: run.output.text ?? null,
      annotations_count: run.annotationCount,
      annotations_url: `${url}/annotations`,
    },
    name: run.name,
    check_suite: { id: run.id + 500_000 },
    app,
    pull_requests: [],
  };
}

export interface PullState {
  number: number;
  title: string;
  body: string | null;
  state: 'open' | 'closed';
  maintainer_can_modify: boolean;
  head: { ref: string; sha: string; repo: string | null };
  base: { ref: string; sha: string; repo: string };
  author: string;
}

/** pull-request. `repo` of head is null when the fork was deleted (GitHub sends null then). */
export function pullRequest(links: Links, pull: PullState) {
  const full = pull.base.repo;
  const url = `${links.api}/repos/${full}/pulls/${pull.number}`;
  const html = `${links.web}/${full}/pull/${pull.number}`;
  const issue = `${links.api}/repos/${full}/issues/${pull.number}`;
  const side = (ref: string, sha: string, repo: string | null) => ({
    label: `${(repo ?? full).split('/')[0]}:${ref}`,
    ref,
    sha,
    user: user(links, (repo ?? full).split('/')[0]!),
    repo: repo === null ? null : repository(links, repo),
  });
  return {
    url,
    id: 9_000_000 + pull.number,
    node_id: nodeId('PR_', pull.number),
    html_url: html,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    issue_url: issue,
    commits_url: `${url}/commits`,
    review_comments_url: `${url}/comments`,
    review_comment_url: `${links.api}/repos/${full}/pulls/comments{/number}`,
    comments_url: `${issue}/comments`,
    statuses_url: `${links.api}/repos/${full}/statuses/${pull.head.sha}`,
    number: pull.number,
    state: pull.state,
    locked: false,
    title: pull.title,
    user: user(links, pull.author),
    body: pull.body,
    labels: [],
    milestone: null,
    created_at: EPOCH,
    updated_at: EPOCH,
    closed_at: null,
    merged_at: null,
    merge_commit_sha: null,
    assignee: null,
    assignees: [],
    requested_reviewers: [],
    requested_teams: [],
    head: side(pull.head.ref, pull.head.sha, pull.head.repo),
    base: side(pull.base.ref, pull.base.sha, pull.base.repo),
    _links: {
      self: { href: url },
      html: { href: html },
      issue: { href: issue },
      comments: { href: `${issue}/comments` },
      review_comments: { href: `${url}/comments` },
      review_comment: { href: `${links.api}/repos/${full}/pulls/comments{/number}` },
      commits: { href: `${url}/commits` },
      statuses: { href: `${links.api}/repos/${full}/statuses/${pull.head.sha}` },
    },
    author_association: 'CONTRIBUTOR',
    auto_merge: null,
    draft: false,
    merged: false,
    mergeable: null,
    rebaseable: null,
    mergeable_state: 'unknown',
    merged_by: null,
    comments: 0,
    review_comments: 0,
    maintainer_can_modify: pull.maintainer_can_modify,
    commits: 1,
    additions: 0,
    deletions: 0,
    changed_files: 0,
  };
}

/** diff-entry (a file of GET /pulls/{n}/files). */
export function diffEntry(
  links: Links,
  fullName: string,
  headSha: string,
  file: { filename: string; status: string; patch?: string; previous_filename?: string },
) {
  const lines = (file.patch ?? '').split('\n');
  const additions = lines.filter((line) => line.startsWith('+')).length;
  const deletions = lines.filter((line) => line.startsWith('-')).length;
  const encoded = file.filename.split('/').map(encodeURIComponent).join('/');
  return {
    sha: '0'.repeat(40),
    filename: file.filename,
    status: file.status,
    additions,
    deletions,
    changes: additions + deletions,
    blob_url: `${links.web}/${fullName}/blob/${headSha}/${encoded}`,
    raw_url: `${links.web}/${fullName}/raw/${headSha}/${encoded}`,
    contents_url: `${links.api}/repos/${fullName}/contents/${encoded}?ref=${headSha}`,
    ...(file.patch === undefined ? {} : { patch: file.patch }),
    ...(file.previous_filename === undefined ? {} : { previous_filename: file.previous_filename }),
  };
}

/** issue-comment. */
export function issueComment(links: Links, fullName: string, comment: { id: number; issue: number; body: string }, author: string) {
  return {
    id: comment.id,
    node_id: nodeId('IC_', comment.id),
    url: `${links.api}/repos/${fullName}/issues/comments/${comment.id}`,
    html_url: `${links.web}/${fullName}/issues/${comment.issue}#issuecomment-${comment.id}`,
    issue_url: `${links.api}/repos/${fullName}/issues/${comment.issue}`,
    body: comment.body,
    user: user(links, author, 'Bot'),
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    author_association: 'NONE',
  };
}

/** repository-collaborator-permission (user: nullable-collaborator). */
export function collaboratorPermission(links: Links, login: string, permission: string) {
  const role = { admin: 'admin', maintain: 'maintain', write: 'write', triage: 'triage', read: 'read' }[permission] ?? 'none';
  return {
    permission,
    role_name: role,
    user: { ...user(links, login), role_name: role },
  };
}
