/**
 * Sign-in: the API key (or a token from POST /auth/token). The key is checked with GET /stats; when the
 * daemon issues tokens it is traded for a short-lived JWT and only that is kept (api/credential.ts).
 */
import { useState } from 'preact/hooks';
import { ApiError, request } from '../api/client.js';
import { saveCredential } from '../api/credential.js';
import { ErrorBox } from '../components/error-box.js';

async function signIn(secret: string): Promise<string> {
  await request('GET', '/stats', undefined, secret);
  try {
    const response = await request('POST', '/auth/token', undefined, secret);
    const { token } = (await response.json()) as { token: string };
    return token;
  } catch (error) {
    // 404: the daemon issues no tokens (no jwtSecret); 401: what was typed is a token, not the key.
    if (error instanceof ApiError && (error.status === 404 || error.status === 401)) return secret;
    throw error;
  }
}

export function Login({ onSignedIn }: { onSignedIn(): void }) {
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      saveCredential(await signIn(secret.trim()));
      setSecret('');
      onSignedIn();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <main id="main" class="login">
      <h1>agentd</h1>
      <form onSubmit={submit} aria-describedby="login-help">
        <label for="secret">API key or token</label>
        <input
          id="secret"
          name="secret"
          type="password"
          autocomplete="current-password"
          required
          value={secret}
          onInput={(e) => setSecret(e.currentTarget.value)}
        />
        <p id="login-help" class="hint">
          This daemon needs credentials. The key is traded for a short-lived token when the daemon issues them; what is kept lives in this
          tab only.
        </p>
        <button type="submit" disabled={busy}>
          Sign in
        </button>
      </form>
      <ErrorBox error={error} />
    </main>
  );
}
