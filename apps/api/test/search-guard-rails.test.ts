import { messages } from '@campwise/contract/messages';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from './helper.ts';

const search = { term: 'soccer' };

describe('the public search guard rails', () => {
  it('answers 429 with Retry-After once an address has searched too often in a minute', async () => {
    const t = await buildTestApp({ SEARCH_REQUESTS_PER_MINUTE: '3' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      statuses.push((await t.app.inject({ method: 'POST', url: '/api/search', payload: search })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200]);

    const refused = await t.app.inject({ method: 'POST', url: '/api/search', payload: search });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: messages.searchRateLimited,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // Another address is counted on its own.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/search',
      payload: search,
      remoteAddress: '203.0.113.9',
    });
    expect(other.statusCode).toBe(200);
    await t.close();
  });
});
