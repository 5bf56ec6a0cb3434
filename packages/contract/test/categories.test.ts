import { describe, expect, it } from 'vitest';
import {
  CATEGORIES,
  CATEGORY_AFTER_SCHOOL,
  CATEGORY_VIRTUAL,
  CATEGORY_YEAR_ROUND,
} from '../src/categories.ts';
import { categoryListResponse } from '../src/category-schema.ts';

describe('CATEGORIES', () => {
  it('holds 30 categories with the unique ids 1 to 30, in order', () => {
    const ids = CATEGORIES.map((category) => category.id);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    expect(ids).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it('has unique, non-empty names', () => {
    const names = CATEGORIES.map((category) => category.text);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name.trim()).toBe(name);
    for (const name of names) expect(name.length).toBeGreaterThan(0);
  });

  it('names the categories the product gives meaning to', () => {
    const textOf = (id: number) => CATEGORIES.find((category) => category.id === id)?.text;
    expect(textOf(CATEGORY_AFTER_SCHOOL)).toBe('After School');
    expect(textOf(CATEGORY_YEAR_ROUND)).toBe('Year Round');
    expect(textOf(CATEGORY_VIRTUAL)).toBe('Virtual');
  });

  it('fits the response schema', () => {
    expect(categoryListResponse.safeParse({ data: CATEGORIES }).success).toBe(true);
  });
});
