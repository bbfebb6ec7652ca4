/**
 * A local stand-in for GitHub's REST API, served over real HTTP, for the GitHub App's tests. It checks
 * what GitHub checks for the calls agentd makes: every request against GitHub's REST OpenAPI description
 * (the operations agentd calls, extracted from @octokit/openapi: openapi-subset.ts), the App JWT (RS256, verified with the App's public
 * key, `iss` = the App id) on /app routes, an installation token it issued on repository routes, the
 * required fields of each body, at most 50 annotations per check-run request; it answers with whole
 * GitHub objects (github-objects.ts) and checks every success response it sends against the same
 * description (responseViolations), records every call (headers included, to prove no token leaks
 * elsewhere) and can be told to fail the next calls of a route (rate limits). git is served by the tests from local bare
 * repositories (github.gitUrl = file://...).
 */
import { execFileSync } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createPublicKey, randomBytes, type KeyObject } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { jwtVerify } from 'jose';
import {
  checkRun,
  collaboratorPermission,
  diffEntry,
  integration,
  issueComment,
  pullRequest,
  type CheckRunState,
  type Links,
} from './github-objects.js';
import { OpenApiSubset } from './openapi-subset.js';

export interface RecordedCall {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
  authorization: string | null;
  status: number;
  /** The OpenAPI operation the request matched ("checks/create"), or null. */
  operationId: string | null;
}

export interface FakeCheckRun extends CheckRunState {
  repository: string;
  annotations: Record<string, unknown>[];
  /** Annotation counts of each request, in order. */
  annotationRequests: number[];
}

export interface FakeComment {
  id: number;
  issue: number;
  body: string;
  repository: string;
}

export interface FakePull {
  number: number;
  title: string;
  head: string;
  base: string;
  body: string;
  html_url: string;
}

export interface PullFileEntry {
  filename: string;
  status: 'added' | 'modified' | 'removed' | 'renamed';
  patch?: string;
}

/** A pull request as GET /pulls/{n} describes it (the fields agentd reads). */
export interface FakePullRequest {
  state: 'open' | 'closed';
  maintainer_can_modify: boolean;
  head: { ref: string; sha: string; repo: { full_name: string } | null };
  /** sha: the base commit (agentd does not read it; 40 zeros when a test leaves it out). */
  base: { ref: string; sha?: string };
  title?: string;
  /** The author's login (default "octocat"). */
  user?: string;
}

/** An accepted POST /code-scanning/sarifs, its SARIF decoded. */
export interface FakeSarifUpload {
  id: string;
  repository: string;
  commit_sha: string;
  ref: string;
  tool_name: string | null;
  sarif: { version: string; runs: { tool: { driver: { name: string } }; results: unknown[] }[] };
}

interface Failure {
  status: number;
  headers: Record<string, string>;
  remaining: number;
}

const ANNOTATION_FIELDS = ['path', 'start_line', 'end_line', 'annotation_level', 'message'];

export class FakeGithub {
  readonly calls: RecordedCall[] = [];
  readonly checkRuns = new Map<number, FakeCheckRun>();
  readonly comments: FakeComment[] = [];
  readonly pulls: FakePull[] = [];
  /** login -> permission ("admin", "write", "read", "none") */
  readonly permissions = new Map<string, string>();
  /** "owner/repo#number" -> the pull request's files */
  readonly pullFiles = new Map<string, PullFileEntry[]>();
  /** "owner/repo#number" -> the pull request (GET /pulls/{n}) */
  readonly pullRequests = new Map<string, FakePullRequest>();
  readonly issuedTokens: string[] = [];
  /** token -> when it expires (ms): an expired token is refused as GitHub refuses it (401 Bad credentials). */
  readonly tokenExpiry = new Map<string, number>();
  /** How long the installation tokens it issues last (GitHub: one hour). */
  tokenLifetimeMs = 3600_000;
  /** What the installation grants; its tokens carry it, and code scanning needs `security_events: write`. */
  installationPermissions: Record<string, string> = {
    checks: 'write',
    contents: 'write',
    pull_requests: 'write',
    issues: 'write',
    metadata: 'read',
  };
  readonly sarifUploads: FakeSarifUpload[] = [];
  /** Requests GitHub's OpenAPI description refuses (answered 422, as GitHub answers them); a passing test leaves it empty. */
  readonly violations: { method: string; path: string; errors: string[] }[] = [];
  /**
   * Success responses of the stand-in that GitHub's description refuses (a required field missing, a
   * wrong type or format): sent anyway, and recorded; a passing test leaves it empty too.
   */
  readonly responseViolations: { method: string; path: string; status: number; errors: string[] }[] = [];
  private readonly openapi = new OpenApiSubset();
  private readonly failures = new Map<string, Failure>();
  private nextId = 1000;
  private server: Server | null = null;
  private readonly publicKey: KeyObject;
  url = '';

  constructor(
    private readonly appId: string,
    privateKeyPem: string,
    readonly slug = 'agentd-test',
  ) {
    this.publicKey = createPublicKey(privateKeyPem);
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  /** The next `times` calls of "METHOD /path-pattern" (e.g. "POST /repos/o/r/check-runs") answer `status` with `headers`. */
  failNext(route: string, status: number, headers: Record<string, string>, times = 1): void {
    this.failures.set(route, { status, headers, remaining: times });
  }

  /** Resolves once `predicate` holds (checked after every call), or rejects after `timeoutMs`. */
  async waitFor<T>(predicate: () => T | undefined | null | false, timeoutMs = 120_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = predicate();
      if (value) return value;
      if (Date.now() > deadline)
        throw new Error(
          `fake GitHub: condition not met in ${timeoutMs} ms; calls: ${this.calls.map((c) => `${c.method} ${c.path} ${c.status}`).join(', ')}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** The folder of bare repositories the tests serve (<gitRoot>/<owner>/<repo>.git): a new pull request's head sha is read from it. */
  gitRoot: string | null = null;

  /** The commit `ref` names in the repository's bare copy (40 zeros when there is none to read). */
  private headSha(full: string, ref: string): string {
    if (this.gitRoot === null) return '0'.repeat(40);
    try {
      return execFileSync('git', ['--git-dir', `${this.gitRoot}/${full}.git`, 'rev-parse', '--verify', `refs/heads/${ref}^{commit}`], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
    } catch {
      return '0'.repeat(40);
    }
  }

  private get links(): Links {
    return { api: this.url, web: 'https://github.example' };
  }

  private app() {
    return integration(this.links, Number(this.appId), this.slug, { ...this.installationPermissions });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const call: RecordedCall = {
      method,
      path: url.pathname + url.search,
      body: null,
      authorization: req.headers.authorization ?? null,
      status: 0,
      operationId: null,
    };
    this.calls.push(call);
    let operation: string | null = null;
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      call.status = status;
      if (operation) {
        const errors = this.openapi.checkResponse(operation, status, body);
        if (errors.length > 0) this.responseViolations.push({ method, path: call.path, status, errors });
      }
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      res.end(JSON.stringify(body));
    };
    try {
      if (text) call.body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return answer(400, { message: 'Problems parsing JSON' });
    }
    const verdict = this.openapi.check(method, url, call.body);
    call.operationId = verdict.operationId;
    operation = verdict.operation;
    if (verdict.errors.length > 0) {
      this.violations.push({ method, path: call.path, errors: verdict.errors });
      return answer(422, {
        message: `Invalid request.\n\n${verdict.errors.join('\n')}`,
        documentation_url: 'https://docs.github.com/rest',
        status: '422',
      });
    }
    const failure = this.failureFor(method, url.pathname);
    if (failure)
      return answer(
        failure.status,
        { message: failure.status === 429 ? 'API rate limit exceeded' : 'You have exceeded a secondary rate limit.' },
        failure.headers,
      );
    try {
      const [status, body] = await this.route(method, url, call.body ?? {}, req.headers.authorization ?? '');
      answer(status, body);
    } catch (error) {
      answer(500, { message: (error as Error).message });
    }
  }

  private failureFor(method: string, pathname: string): Failure | null {
    const failure = this.failures.get(`${method} ${pathname}`);
    if (!failure || failure.remaining <= 0) return null;
    failure.remaining--;
    return failure;
  }

  private async appAuthorized(authorization: string): Promise<boolean> {
    const match = /^bearer (.+)$/i.exec(authorization);
    if (!match) return false;
    try {
      const { payload } = await jwtVerify(match[1]!, this.publicKey, { algorithms: ['RS256'] });
      return String(payload.iss) === this.appId;
    } catch {
      return false;
    }
  }

  private tokenAuthorized(authorization: string): boolean {
    const match = /^token (.+)$/i.exec(authorization);
    return Boolean(match && (this.tokenExpiry.get(match[1]!) ?? 0) > Date.now());
  }

  private async route(method: string, url: URL, body: Record<string, unknown>, authorization: string): Promise<[number, unknown]> {
    const path = url.pathname;
    const bad = (message: string): [number, unknown] => [422, { message: 'Validation Failed', errors: [{ message }] }];
    let m: RegExpExecArray | null;
    if (path === '/app' || path.startsWith('/app/')) {
      if (!(await this.appAuthorized(authorization))) return [401, { message: 'A JSON web token could not be decoded' }];
      if (method === 'GET' && path === '/app') return [200, this.app()];
      if (method === 'POST' && /^\/app\/installations\/(\d+)\/access_tokens$/.test(path)) {
        const token = `ghs_${randomBytes(18).toString('hex')}`;
        const expires = Date.now() + this.tokenLifetimeMs;
        this.issuedTokens.push(token);
        this.tokenExpiry.set(token, expires);
        return [
          201,
          {
            token,
            expires_at: new Date(expires).toISOString(),
            permissions: { ...this.installationPermissions },
            repository_selection: 'all',
          },
        ];
      }
      return [404, { message: 'Not Found' }];
    }
    if (!this.tokenAuthorized(authorization)) return [401, { message: 'Bad credentials' }];
    if ((m = /^\/repos\/([^/]+)\/([^/]+)\/(.*)$/.exec(path)) === null) return [404, { message: 'Not Found' }];
    const [, owner, repo, rest] = m;
    const full = `${owner}/${repo}`;
    if (method === 'POST' && rest === 'check-runs') {
      if (typeof body.name !== 'string' || typeof body.head_sha !== 'string') return bad('name and head_sha are required');
      const annotations = this.annotationsOf(body);
      if (typeof annotations === 'string') return bad(annotations);
      const run: FakeCheckRun = {
        id: this.nextId++,
        repository: full,
        name: body.name,
        head_sha: body.head_sha,
        status: String(body.status ?? 'queued'),
        conclusion: (body.conclusion as string) ?? null,
        external_id: (body.external_id as string) ?? null,
        started_at: (body.started_at as string) ?? new Date().toISOString(),
        completed_at: (body.completed_at as string) ?? null,
        details_url: (body.details_url as string) ?? null,
        output: (body.output as FakeCheckRun['output']) ?? {},
        annotationCount: annotations.length,
        annotations,
        annotationRequests: [annotations.length],
      };
      this.checkRuns.set(run.id, run);
      return [201, checkRun(this.links, full, run, this.app())];
    }
    if (method === 'PATCH' && (m = /^check-runs\/(\d+)$/.exec(rest!))) {
      const run = this.checkRuns.get(Number(m[1]));
      if (!run) return [404, { message: 'Not Found' }];
      const annotations = this.annotationsOf(body);
      if (typeof annotations === 'string') return bad(annotations);
      if (body.status === 'completed' && typeof body.conclusion !== 'string') return bad('conclusion is required when status is completed');
      if (body.status) run.status = String(body.status);
      if (body.conclusion) run.conclusion = String(body.conclusion);
      if (typeof body.completed_at === 'string') run.completed_at = body.completed_at;
      if (typeof body.details_url === 'string') run.details_url = body.details_url;
      if (run.status === 'completed' && run.completed_at === null) run.completed_at = new Date().toISOString();
      if (body.output) run.output = { ...run.output, ...(body.output as object) };
      run.annotations.push(...annotations);
      run.annotationCount = run.annotations.length;
      run.annotationRequests.push(annotations.length);
      return [200, checkRun(this.links, full, run, this.app())];
    }
    if (method === 'GET' && (m = /^pulls\/(\d+)\/files$/.exec(rest!))) {
      const files = this.pullFiles.get(`${full}#${m[1]}`);
      if (!files) return [404, { message: 'Not Found' }];
      const perPage = Number(url.searchParams.get('per_page') ?? 30);
      const page = Number(url.searchParams.get('page') ?? 1);
      const head = this.pullRequests.get(`${full}#${m[1]}`)?.head.sha ?? '0'.repeat(40);
      return [200, files.slice((page - 1) * perPage, page * perPage).map((file) => diffEntry(this.links, full, head, file))];
    }
    if (method === 'GET' && (m = /^pulls\/(\d+)$/.exec(rest!))) {
      const pull = this.pullRequests.get(`${full}#${m[1]}`);
      if (!pull) return [404, { message: 'Not Found' }];
      return [
        200,
        pullRequest(this.links, {
          number: Number(m[1]),
          title: pull.title ?? `pull request ${m[1]}`,
          body: null,
          state: pull.state,
          maintainer_can_modify: pull.maintainer_can_modify,
          head: { ref: pull.head.ref, sha: pull.head.sha, repo: pull.head.repo?.full_name ?? null },
          base: { ref: pull.base.ref, sha: pull.base.sha ?? '0'.repeat(40), repo: full },
          author: pull.user ?? 'octocat',
        }),
      ];
    }
    if (method === 'GET' && (m = /^collaborators\/([^/]+)\/permission$/.exec(rest!))) {
      const login = decodeURIComponent(m[1]!);
      return [200, collaboratorPermission(this.links, login, this.permissions.get(login) ?? 'none')];
    }
    if (method === 'POST' && (m = /^issues\/(\d+)\/comments$/.exec(rest!))) {
      if (typeof body.body !== 'string' || body.body === '') return bad('body is required');
      if (body.body.length > 65_536) return bad('body is too long (maximum is 65536 characters)');
      const comment: FakeComment = { id: this.nextId++, issue: Number(m[1]), body: body.body, repository: full };
      this.comments.push(comment);
      return [201, issueComment(this.links, full, comment, `${this.slug}[bot]`)];
    }
    if (method === 'POST' && rest === 'code-scanning/sarifs') return this.sarifUpload(full, body);
    if (method === 'POST' && rest === 'pulls') {
      for (const field of ['title', 'head', 'base']) if (typeof body[field] !== 'string') return bad(`${field} is required`);
      const number = this.nextId++;
      const pull: FakePull = {
        number,
        title: String(body.title),
        head: String(body.head),
        base: String(body.base),
        body: String(body.body ?? ''),
        html_url: `https://github.example/${full}/pull/${number}`,
      };
      this.pulls.push(pull);
      const heads = this.headSha(full, pull.head);
      return [
        201,
        pullRequest(this.links, {
          number,
          title: pull.title,
          body: pull.body,
          state: 'open',
          maintainer_can_modify: body.maintainer_can_modify !== false,
          head: { ref: pull.head, sha: heads, repo: full },
          base: { ref: pull.base, sha: '0'.repeat(40), repo: full },
          author: `${this.slug}[bot]`,
        }),
      ];
    }
    return [404, { message: 'Not Found' }];
  }

  /**
   * POST /code-scanning/sarifs as GitHub checks it: a token of an installation granting
   * `security_events: write` (else 403), `commit_sha` (40 hex), `ref` (refs/heads/…, refs/tags/… or
   * refs/pull/<n>/head|merge), `sarif` base64 of a gzip of a SARIF 2.1.0 log at most 10 MB compressed,
   * no unknown fields; answers 202 with the analysis id.
   */
  private sarifUpload(full: string, body: Record<string, unknown>): [number, unknown] {
    const bad = (message: string): [number, unknown] => [422, { message: 'Validation Failed', errors: [{ message }] }];
    if (this.installationPermissions.security_events !== 'write') return [403, { message: 'Resource not accessible by integration' }];
    const known = new Set(['commit_sha', 'ref', 'sarif', 'checkout_uri', 'started_at', 'tool_name', 'validate']);
    const unknown = Object.keys(body).filter((key) => !known.has(key));
    if (unknown.length > 0) return bad(`unknown fields: ${unknown.join(', ')}`);
    if (typeof body.commit_sha !== 'string' || !/^[0-9a-f]{40}$/.test(body.commit_sha))
      return bad('commit_sha must be a 40-character commit id');
    if (typeof body.ref !== 'string' || !/^refs\/(heads|tags)\/[^\s]+$|^refs\/pull\/\d+\/(head|merge)$/.test(body.ref))
      return bad('ref must be refs/heads/<branch>, refs/tags/<tag> or refs/pull/<number>/(head|merge)');
    if (typeof body.sarif !== 'string' || !/^[A-Za-z0-9+/]+={0,2}$/.test(body.sarif)) return bad('sarif must be a base64 string');
    const gzipped = Buffer.from(body.sarif, 'base64');
    if (gzipped.length > 10 * 1024 * 1024) return [413, { message: 'SARIF upload too large' }];
    let log: FakeSarifUpload['sarif'];
    try {
      log = JSON.parse(gunzipSync(gzipped).toString('utf8')) as FakeSarifUpload['sarif'];
    } catch {
      return [400, { message: 'sarif is not base64 of a gzip-compressed JSON document' }];
    }
    if (log.version !== '2.1.0' || !Array.isArray(log.runs) || log.runs.some((run) => typeof run?.tool?.driver?.name !== 'string'))
      return [400, { message: 'sarif is not a SARIF 2.1.0 log (version, runs[].tool.driver.name)' }];
    const id = randomBytes(16).toString('hex');
    this.sarifUploads.push({
      id,
      repository: full,
      commit_sha: body.commit_sha,
      ref: body.ref,
      tool_name: typeof body.tool_name === 'string' ? body.tool_name : null,
      sarif: log,
    });
    return [202, { id, url: `${this.url}/repos/${full}/code-scanning/sarifs/${id}` }];
  }

  /** The request's annotations, or why GitHub would refuse them. */
  private annotationsOf(body: Record<string, unknown>): Record<string, unknown>[] | string {
    const output = body.output as { annotations?: unknown; title?: unknown; summary?: unknown } | undefined;
    if (output === undefined) return [];
    if (typeof output.title !== 'string' || typeof output.summary !== 'string') return 'output needs title and summary';
    const annotations = output.annotations ?? [];
    if (!Array.isArray(annotations)) return 'annotations must be an array';
    if (annotations.length > 50) return 'at most 50 annotations per request';
    for (const annotation of annotations as Record<string, unknown>[]) {
      for (const field of ANNOTATION_FIELDS) if (annotation[field] === undefined) return `annotation without ${field}`;
    }
    return annotations as Record<string, unknown>[];
  }
}
