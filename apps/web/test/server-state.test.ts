import { describe, expect, it } from 'vitest';
import { type ServerState, serverStateJson } from '../src/app/server-state.ts';

const stateWith = (data: unknown): ServerState => ({
  router: { loaderData: {}, actionData: null, errors: null },
  queries: {
    mutations: [],
    queries: [
      {
        queryKey: ['camp', 1],
        queryHash: '["camp",1]',
        dehydratedAt: 0,
        state: {
          data,
          dataUpdateCount: 1,
          dataUpdatedAt: 0,
          error: null,
          errorUpdateCount: 0,
          errorUpdatedAt: 0,
          fetchFailureCount: 0,
          fetchFailureReason: null,
          fetchMeta: null,
          isInvalidated: false,
          status: 'success',
          fetchStatus: 'idle',
        },
      },
    ],
  },
  visitor: null,
});

describe('the state a rendered page carries in its JSON script element', () => {
  it('holds no text that could end the element or open another', () => {
    const json = serverStateJson(stateWith({ name: '</script><script>alert(1)</script><!--' }));
    expect(json).not.toContain('<');
    expect(json).not.toMatch(/<\/script/i);
  });

  it('reads back exactly, line separators and all', () => {
    const data = { name: 'Tide <pools> & crabs', note: 'one\u2028two\u2029three', price: 15000 };
    const json = serverStateJson(stateWith(data));
    expect(json).not.toMatch(/[\u2028\u2029]/);
    expect((JSON.parse(json) as ServerState).queries.queries[0]?.state.data).toEqual(data);
  });
});
