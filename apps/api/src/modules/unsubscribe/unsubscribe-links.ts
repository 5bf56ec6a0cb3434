import { createHmac, timingSafeEqual } from 'node:crypto';
import { UNSUBSCRIBE_KINDS, type UnsubscribeKind } from '@campwise/contract/saved-searches';
import { deriveKey } from '../../platform/secret-box.ts';

/** What a link unsubscribes from: a saved search's digest, or one kind of a parent's alerts. */
export interface UnsubscribeSubject {
  kind: UnsubscribeKind;
  /** The saved search (digest) or the parent (place and opening alerts). */
  id: number;
  /** When the e-mail was written: alerts asked for after it are a new opt-in the link leaves alone. */
  issuedAt: Date;
}

/** The two addresses an alert e-mail carries: the one-click endpoint and the page. */
export interface UnsubscribeAddresses {
  /** For List-Unsubscribe: mail clients POST `List-Unsubscribe=One-Click` to it (RFC 8058). */
  oneClickUrl: string;
  /** The visible link: a page that says what it stops and asks for one click. */
  pageUrl: string;
}

/**
 * Kind, id, moment (base 36) and signature (base64url), joined by hyphens and without dots: a
 * path ending in a dot and letters is taken for a file, not a page.
 */
const TOKEN_SHAPE = /^([a-z]{1,10})-(\d{1,10})-([0-9a-z]{1,10})-([A-Za-z0-9_-]{43})$/;

const isKind = (value: string | undefined): value is UnsubscribeKind =>
  (UNSUBSCRIBE_KINDS as readonly (string | undefined)[]).includes(value);

/**
 * Unsubscribe tokens: `kind-id-issued-signature`, signed with HMAC-SHA256 under a key of their
 * own derived from the application secret. Nothing is stored: the signature is what makes a
 * token unguessable and unforgeable, and a changed character makes it worthless.
 */
export class UnsubscribeLinks {
  private readonly key: Buffer;

  constructor(
    appSecret: string,
    readonly publicUrl: string,
  ) {
    this.key = deriveKey(appSecret, 'campwise/unsubscribe/v1');
  }

  token(subject: UnsubscribeSubject): string {
    const payload = `${subject.kind}-${subject.id}-${subject.issuedAt.getTime().toString(36)}`;
    return `${payload}-${this.sign(payload)}`;
  }

  /** The subject of a token of ours; null for anything else. */
  read(token: string): UnsubscribeSubject | null {
    const match = TOKEN_SHAPE.exec(token);
    if (!match) return null;
    const [, kind, id, issued, signature] = match as unknown as [string, string, string, string, string];
    const expected = Buffer.from(this.sign(`${kind}-${id}-${issued}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const subjectId = Number(id);
    const issuedMs = Number.parseInt(issued, 36);
    if (!isKind(kind) || !Number.isSafeInteger(subjectId) || subjectId <= 0) return null;
    if (!Number.isSafeInteger(issuedMs)) return null;
    return { kind, id: subjectId, issuedAt: new Date(issuedMs) };
  }

  addresses(subject: UnsubscribeSubject): UnsubscribeAddresses {
    const token = this.token(subject);
    return {
      oneClickUrl: `${this.publicUrl}/api/unsubscribe/${token}`,
      pageUrl: `${this.publicUrl}/unsubscribe/${token}`,
    };
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
