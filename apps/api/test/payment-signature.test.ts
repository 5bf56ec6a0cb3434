import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isValidSignature, signPayload } from '../src/platform/payments/test-processor/signature.ts';

const SECRET = 'whsec_signature_test';
const BODY = JSON.stringify({ id: 'evt_1', type: 'invoice.paid', data: { object: { id: 'sub_1' } } });
const NOW = 1_750_000_000;

const valid = (header: string | undefined, body: string = BODY, now: number = NOW, secret: string = SECRET) =>
  isValidSignature(secret, Buffer.from(body), header, now);

describe('signPayload', () => {
  it('signs "timestamp.body" with HMAC-SHA256, in the header format Stripe uses', () => {
    const expected = createHmac('sha256', SECRET).update(`${NOW}.${BODY}`).digest('hex');
    expect(signPayload(SECRET, BODY, NOW)).toBe(`t=${NOW},v1=${expected}`);
  });

  it('uses the current time when none is given', () => {
    const before = Math.floor(Date.now() / 1000);
    const header = signPayload(SECRET, BODY);
    const after = Math.floor(Date.now() / 1000);
    const timestamp = Number(/^t=(\d+),v1=[0-9a-f]{64}$/.exec(header)?.[1]);
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(timestamp).toBeLessThanOrEqual(after);
    expect(isValidSignature(SECRET, Buffer.from(BODY), header)).toBe(true);
  });
});

describe('isValidSignature', () => {
  const header = signPayload(SECRET, BODY, NOW);

  it('accepts its own signature', () => {
    expect(valid(header)).toBe(true);
  });

  it('accepts a signature up to five minutes old or early, and no more', () => {
    expect(valid(header, BODY, NOW + 300)).toBe(true);
    expect(valid(header, BODY, NOW - 300)).toBe(true);
    expect(valid(header, BODY, NOW + 301)).toBe(false);
    expect(valid(header, BODY, NOW - 301)).toBe(false);
  });

  it('refuses a body changed in any way', () => {
    expect(valid(header, `${BODY} `)).toBe(false);
    expect(valid(header, BODY.replace('sub_1', 'sub_2'))).toBe(false);
    expect(valid(header, '')).toBe(false);
  });

  it('refuses a signature made with another secret', () => {
    expect(valid(header, BODY, NOW, 'whsec_other')).toBe(false);
    expect(valid(signPayload('whsec_other', BODY, NOW))).toBe(false);
  });

  it('refuses a header whose time or digest was edited', () => {
    expect(valid(header.replace(`t=${NOW}`, `t=${NOW + 1}`), BODY, NOW + 1)).toBe(false);
    const digest = header.slice(header.indexOf('v1=') + 3);
    const flipped = `${digest[0] === 'a' ? 'b' : 'a'}${digest.slice(1)}`;
    expect(valid(`t=${NOW},v1=${flipped}`)).toBe(false);
    expect(valid(`t=${NOW},v1=${digest.slice(0, 32)}`)).toBe(false);
    expect(valid(`t=${NOW},v1=${digest}00`)).toBe(false);
  });

  it.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['no digest', `t=${NOW}`],
    ['no time', `v1=${'0'.repeat(64)}`],
    ['a time that is not a whole number', `t=${NOW}.5,v1=${'0'.repeat(64)}`],
    ['a digest that is not hex', `t=${NOW},v1=${'z'.repeat(64)}`],
    ['nonsense', 'nonsense'],
  ])('refuses %s', (_label, value) => {
    expect(valid(value)).toBe(false);
  });

  it('reads the parts in any order and with spaces around them', () => {
    const [time, digest] = header.split(',');
    expect(valid(`${digest}, ${time}`)).toBe(true);
  });
});
