import { VISITOR_HINT_COOKIE, visitorHintFrom } from '@campwise/contract/server-render';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut, writeVisitorHint } from '../src/app/session.ts';

/** What the page wrote to `document.cookie`, each write as the browser was given it. */
let written: string[];
/** The cookies the browser holds, as `document.cookie` reads them. */
let jar: Map<string, string>;

function stubBrowser(protocol: 'http:' | 'https:') {
  written = [];
  jar = new Map();
  const stored = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
    removeItem: (key: string) => stored.delete(key),
  });
  vi.stubGlobal('window', { location: { protocol } });
  vi.stubGlobal('document', {
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(line: string) {
      written.push(line);
      const [pair = ''] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (/Max-Age=0(;|$)/.test(line)) jar.delete(name);
      else jar.set(name, value);
    },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the visitor hint beside the session', () => {
  beforeEach(() => stubBrowser('http:'));

  it('signing in tells the server the user type only, and signing out takes it back', () => {
    signIn({ token: 'secret-token', userType: 'camper' });
    expect(visitorHintFrom(document.cookie)).toBe('camper');
    expect(written.join('\n')).not.toContain('secret-token');
    expect(written[0]).toMatch(/^campwise_visitor=camper; Path=\/; SameSite=Lax; Max-Age=\d+$/);
    signOut();
    expect(visitorHintFrom(document.cookie)).toBeNull();
  });

  it('is written only when it changes', () => {
    writeVisitorHint('host');
    writeVisitorHint('host');
    writeVisitorHint(null);
    writeVisitorHint(null);
    expect(written).toHaveLength(2);
  });

  it('is sent only over https when the site is served over https', () => {
    stubBrowser('https:');
    writeVisitorHint('admin');
    expect(written[0]).toMatch(/; Secure$/);
  });
});

describe('reading the hint from a Cookie header', () => {
  it.each([
    [undefined, null],
    ['', null],
    [`${VISITOR_HINT_COOKIE}=camper`, 'camper'],
    [`theme=dark; ${VISITOR_HINT_COOKIE}=host; other=1`, 'host'],
    [`${VISITOR_HINT_COOKIE}=admin`, 'admin'],
    [`${VISITOR_HINT_COOKIE}=root`, null],
    [`x${VISITOR_HINT_COOKIE}=camper`, null],
  ])('%s → %s', (header, hint) => {
    expect(visitorHintFrom(header)).toBe(hint);
  });
});
