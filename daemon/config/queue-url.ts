/** The external queue URL: redis://[user:password@]host:port[/db] (rediss:// for TLS). */

export interface QueueUrlParts {
  protocol: 'redis:' | 'rediss:';
  username: string | null;
  password: string | null;
  host: string;
  port: number;
  /** null when the URL names no database. */
  db: number | null;
}

/** The parts of a queue URL, or null when it is not one. The port defaults to 6379. */
export function parseQueueUrl(text: string): QueueUrlParts | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if ((url.protocol !== 'redis:' && url.protocol !== 'rediss:') || !url.hostname) return null;
  const dbText = url.pathname.replace(/^\//, '');
  if (dbText !== '' && !/^\d+$/.test(dbText)) return null;
  if (url.search || url.hash) return null;
  return {
    protocol: url.protocol,
    username: url.username ? decodeURIComponent(url.username) : null,
    password: url.password ? decodeURIComponent(url.password) : null,
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : 6379,
    db: dbText === '' ? null : Number(dbText),
  };
}

export function buildQueueUrl(parts: Omit<QueueUrlParts, 'db'> & { db: number }): string {
  const user = parts.username ? encodeURIComponent(parts.username) : '';
  const auth = parts.password !== null ? `${user}:${encodeURIComponent(parts.password)}@` : user ? `${user}@` : '';
  const host = parts.host.includes(':') ? `[${parts.host}]` : parts.host;
  return `${parts.protocol}//${auth}${host}:${parts.port}/${parts.db}`;
}

/**
 * The URL with any password replaced by "<secret>". Works on text that does not parse as a URL too,
 * because a malformed URL may still carry a password that must not reach a log or an error message.
 */
export function maskUrlPassword(text: string): string {
  return text.replace(/(\/\/[^/@:]*:)[^/]*@/, '$1<secret>@');
}
