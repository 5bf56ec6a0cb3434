import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { USER_TYPES, type UserType } from '@campwise/contract/accounts';
import { jwtVerify, SignJWT } from 'jose';
import type { Config } from '../config.ts';

export interface TokenClaims {
  userId: number;
  userType: UserType;
  tokenVersion: number;
}

const TOKEN_LIFETIME = '7d';

/** Signs and verifies the bearer tokens (HS256) that carry user id, user type and token version. */
export class TokenService {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: TokenClaims): Promise<string> {
    return new SignJWT({ typ: claims.userType, ver: claims.tokenVersion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(TOKEN_LIFETIME)
      .sign(this.key);
  }

  /** The claims of a valid, unexpired token of ours; null for anything else. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      const { typ, ver } = payload;
      if (!Number.isSafeInteger(userId) || userId <= 0) return null;
      if (typeof typ !== 'string' || !(USER_TYPES as readonly string[]).includes(typ)) return null;
      if (typeof ver !== 'number' || !Number.isSafeInteger(ver)) return null;
      return { userId, userType: typ as UserType, tokenVersion: ver };
    } catch {
      return null;
    }
  }
}

/**
 * The signing secret: JWT_SECRET when set; otherwise one generated on first start and kept in
 * DATA_DIR so tokens survive restarts (production refuses to start without JWT_SECRET).
 */
export function resolveJwtSecret(config: Config): string {
  if (config.jwtSecret) return config.jwtSecret;
  const file = join(config.dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
