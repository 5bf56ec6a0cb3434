import { USER_TYPES, type UserType } from '@campwise/contract/accounts';
import { jwtVerify, SignJWT } from 'jose';
import { deriveKey } from './secret-box.ts';

/** What a password step proved, and what the ticket lets its holder do next. */
export interface LoginTicket {
  userId: number;
  userType: UserType;
  tokenVersion: number;
  /** 'code': give an authenticator or recovery code; 'enrol': set up an authenticator first. */
  purpose: 'code' | 'enrol';
}

const PURPOSES = ['code', 'enrol'] as const;
const TICKET_LIFETIME = { code: '5m', enrol: '15m' } as const;
const AUDIENCE = 'campwise-second-factor';

/**
 * Short-lived tickets that answer a correct password when a second step is needed. They are
 * signed with a key of their own, so a ticket can never pass as a session token.
 */
export class LoginTicketService {
  private readonly key: Uint8Array;

  constructor(appSecret: string) {
    this.key = deriveKey(appSecret, 'campwise/login-tickets/v1');
  }

  sign(ticket: LoginTicket): Promise<string> {
    return new SignJWT({ typ: ticket.userType, ver: ticket.tokenVersion, pur: ticket.purpose })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(ticket.userId))
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(TICKET_LIFETIME[ticket.purpose])
      .sign(this.key);
  }

  /** The ticket's claims when it is ours, unexpired and for this purpose; null for anything else. */
  async verify(ticket: string, purpose: LoginTicket['purpose']): Promise<LoginTicket | null> {
    try {
      const { payload } = await jwtVerify(ticket, this.key, { algorithms: ['HS256'], audience: AUDIENCE });
      const userId = Number(payload.sub);
      const { typ, ver, pur } = payload;
      if (!Number.isSafeInteger(userId) || userId <= 0) return null;
      if (typeof typ !== 'string' || !(USER_TYPES as readonly string[]).includes(typ)) return null;
      if (typeof ver !== 'number' || !Number.isSafeInteger(ver)) return null;
      if (pur !== purpose || !(PURPOSES as readonly unknown[]).includes(pur)) return null;
      return { userId, userType: typ as UserType, tokenVersion: ver, purpose };
    } catch {
      return null;
    }
  }
}
