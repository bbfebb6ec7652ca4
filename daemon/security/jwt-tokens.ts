/**
 * HS256 session tokens via `jose` (jsonwebtoken has had algorithm-confusion advisories). Verification
 * pins the algorithm list to HS256, so `alg: none` and asymmetric-key tricks are refused outright.
 */
import { SignJWT, jwtVerify } from 'jose';
import { AgentdError } from '../../core/index.js';
import { parseDuration } from '../config/units.js';

const ISSUER = 'agentd';
const ALGORITHMS = ['HS256'];

export interface IssuedToken {
  token: string;
  expiresAt: string;
}

export class JwtTokens {
  private readonly key: Uint8Array;
  private readonly lifetimeSec: number;

  constructor(secret: string, expiresIn: string) {
    this.key = new TextEncoder().encode(secret);
    const ms = parseDuration(expiresIn);
    if (ms === null || ms <= 0) {
      throw new AgentdError(
        'invalid_config',
        `security.jwtExpiresIn "${expiresIn}" is not a positive duration; use a form like "1h" or "15m".`,
      );
    }
    this.lifetimeSec = Math.max(1, Math.round(ms / 1000));
  }

  async issue(subject: string): Promise<IssuedToken> {
    const now = Math.floor(Date.now() / 1000);
    const exp = now + this.lifetimeSec;
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(subject)
      .setIssuer(ISSUER)
      .setIssuedAt(now)
      .setExpirationTime(exp)
      .sign(this.key);
    return { token, expiresAt: new Date(exp * 1000).toISOString() };
  }

  /** The token's subject, or null for anything that is not a valid, unexpired token of ours. */
  async verify(token: string): Promise<string | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ALGORITHMS, issuer: ISSUER, requiredClaims: ['exp', 'sub'] });
      return payload.sub ?? null;
    } catch {
      return null;
    }
  }
}
