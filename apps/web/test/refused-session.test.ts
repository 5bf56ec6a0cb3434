import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, setApiTransport, whileEndingSessions } from '../src/api/client.ts';
import { readSession, signIn, signOut } from '../src/app/session.ts';

const host = { token: 'host-token', userType: 'host' } as const;
const refusal = () =>
  new Response(JSON.stringify({ statusCode: 401, code: 'UNAUTHENTICATED', message: 'Please log in' }), {
    status: 401,
    headers: { 'content-type': 'application/json' },
  });
const answer = (data: unknown) =>
  new Response(JSON.stringify({ data }), { status: 200, headers: { 'content-type': 'application/json' } });

/** Lets every settled promise's callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let assign: ReturnType<typeof vi.fn>;

beforeEach(() => {
  const stored = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
    removeItem: (key: string) => stored.delete(key),
  });
  assign = vi.fn();
  vi.stubGlobal('window', { location: { pathname: '/confirm-email', search: '?token=t', assign } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * A host signed in confirms an e-mail switch, which ends every session of its account; the top
 * bar's read reaches the server just after it and is refused. The confirmation is answered later.
 */
async function confirmWhileTopBarIsRefused() {
  signIn(host);
  const answers = new Map<string, (response: Response) => void>();
  setApiTransport((path) => new Promise((resolve) => answers.set(path, resolve)));
  const confirming = whileEndingSessions(async () => {
    const answered = await apiRequest<{ data: { userType: string } }>('POST', '/api/account/email/confirm');
    if (readSession()?.userType === answered.data.userType) signOut();
    return answered.data;
  });
  const read = apiRequest('GET', '/api/host/subscription');
  await settle();
  answers.get('/api/host/subscription')?.(refusal());
  await expect(read).rejects.toMatchObject({ status: 401 });
  await settle();
  return {
    confirming,
    answerConfirm: (userType: string) => answers.get('/api/account/email/confirm')?.(answer({ userType })),
  };
}

describe('a token the server refuses', () => {
  it('ends the session and opens the login, which brings the user back', async () => {
    signIn(host);
    setApiTransport(async () => refusal());

    await expect(apiRequest('GET', '/api/host/subscription')).rejects.toMatchObject({ status: 401 });
    await settle();

    expect(readSession()).toBeNull();
    expect(assign).toHaveBeenCalledWith('/host/login?expired=1&returnTo=%2Fconfirm-email%3Ftoken%3Dt');
  });

  it('leaves a session begun since the refused request alone', async () => {
    signIn(host);
    let answerRefusal: (response: Response) => void = () => {};
    setApiTransport(() => new Promise((resolve) => (answerRefusal = resolve)));

    const read = apiRequest('GET', '/api/host/subscription');
    signIn({ token: 'a-new-token', userType: 'host' });
    answerRefusal(refusal());
    await expect(read).rejects.toMatchObject({ status: 401 });
    await settle();

    expect(readSession()).toEqual({ token: 'a-new-token', userType: 'host' });
    expect(assign).not.toHaveBeenCalled();
  });

  it('refused while work that ends sessions runs, waits for it, and the work signs out instead', async () => {
    const { confirming, answerConfirm } = await confirmWhileTopBarIsRefused();
    expect(assign).not.toHaveBeenCalled();

    answerConfirm('host');
    await expect(confirming).resolves.toEqual({ userType: 'host' });
    await settle();

    expect(readSession()).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it('refused while work that ends sessions runs but leaves this one, ends it once the work is done', async () => {
    // A link for a parent's account opened in a browser where a host is signed in.
    const { confirming, answerConfirm } = await confirmWhileTopBarIsRefused();
    answerConfirm('camper');
    await confirming;
    await settle();

    expect(readSession()).toBeNull();
    expect(assign).toHaveBeenCalledOnce();
  });
});
