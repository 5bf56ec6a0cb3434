import { CATEGORIES, CATEGORY_VIRTUAL, CATEGORY_YEAR_ROUND } from '@campwise/contract/categories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper.ts';

interface CategoryList {
  data: { id: number; text: string }[];
}

describe('GET /data/categories', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('lists exactly the contract categories in id order', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/data/categories' });
    expect(res.statusCode).toBe(200);
    const body = res.json<CategoryList>();
    expect(body).toEqual({ data: CATEGORIES.map(({ id, text }) => ({ id, text })) });
    expect(body.data).toHaveLength(30);
    expect(body.data.map((category) => category.id)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it('includes the categories the product gives meaning to', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/data/categories' });
    const { data } = res.json<CategoryList>();
    expect(data).toContainEqual({ id: CATEGORY_YEAR_ROUND, text: 'Year Round' });
    expect(data).toContainEqual({ id: CATEGORY_VIRTUAL, text: 'Virtual' });
  });

  it('keeps the list unchanged when the app starts again on the same database', async () => {
    const again = await buildTestApp();
    try {
      const res = await again.app.inject({ method: 'GET', url: '/data/categories' });
      expect(res.json<CategoryList>().data).toHaveLength(30);
    } finally {
      await again.close();
    }
  });
});
