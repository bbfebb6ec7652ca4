/**
 * Where the dashboard keeps what authenticates it (docs/dashboard.md, "Sign-in"): the tab's
 * sessionStorage, gone when the tab closes, never a cookie (so no request is ever authenticated
 * without the page's own script adding the header: no CSRF). When the daemon issues tokens, the key
 * typed at sign-in is traded for a short-lived JWT at once and only the token is kept.
 */
const KEY = 'agentd.credential';

export function readCredential(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function saveCredential(credential: string): void {
  sessionStorage.setItem(KEY, credential);
}

export function forgetCredential(): void {
  sessionStorage.removeItem(KEY);
}
