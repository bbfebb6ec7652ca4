/**
 * What a failed GitHub call or git command says, fit for a job record, a log line or a comment: the
 * status and GitHub's message, never a token (installation tokens, the App JWT, credentials in URLs).
 */
const TOKEN_PATTERNS: RegExp[] = [
  /\bgh[pousr]_[A-Za-z0-9_]{10,}\b/g, // GitHub token formats (ghs_ = installation tokens)
  /\bgithub_pat_[A-Za-z0-9_]{10,}\b/g,
  /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g, // JWTs (the App's)
  /(\/\/)[^/@\s:]+(:[^/@\s]*)?@/g, // user:password@ in URLs
  /(authorization:\s*)(basic|bearer|token)\s+\S+/gi,
];

/** `text` with every token-shaped string and each of `known` replaced by [REDACTED]. */
export function withoutTokens(text: string, known: readonly string[] = []): string {
  let out = text;
  for (const value of known) if (value.length >= 8) out = out.split(value).join('[REDACTED]');
  for (const pattern of TOKEN_PATTERNS) {
    out = out.replace(pattern, (match, ...groups: unknown[]) => {
      if (pattern.source.startsWith('(\\/\\/)')) return `${String(groups[0])}[REDACTED]@`;
      if (pattern.source.startsWith('(authorization')) return `${String(groups[0])}[REDACTED]`;
      return '[REDACTED]';
    });
  }
  return out;
}

interface OctokitLikeError {
  status?: number;
  message?: string;
  request?: { method?: string; url?: string };
}

/** "GitHub API 422 on POST /repos/o/r/pulls: Validation Failed" — or the error's own message. */
export function describeGithubError(error: unknown, known: readonly string[] = []): string {
  const e = error as OctokitLikeError;
  const base =
    typeof e?.status === 'number' && e.request
      ? `GitHub API ${e.status} on ${e.request.method ?? ''} ${pathOf(e.request.url ?? '')}: ${e.message ?? 'no message'}`
      : String((error as Error)?.message ?? error);
  return withoutTokens(base, known);
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}
