import { CATEGORY_AFTER_SCHOOL, CATEGORY_YEAR_ROUND } from './categories.ts';

/** 1 (After School) reads as year round on a profile too. */
export function showsAsYearRound(categories: readonly number[], startDate: string | null): boolean {
  return (
    startDate === null ||
    categories.includes(CATEGORY_YEAR_ROUND) ||
    categories.includes(CATEGORY_AFTER_SCHOOL)
  );
}
