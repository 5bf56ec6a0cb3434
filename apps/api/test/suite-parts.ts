/**
 * One part of a generated suite split over several test files, so that parallel workers finish
 * together: part `index` of `of` takes every `of`-th case, starting at the `index`-th.
 */
export interface SuitePart {
  index: number;
  of: number;
}

export const casesOf = <T>(cases: readonly T[], part: SuitePart): T[] =>
  cases.filter((_, position) => position % part.of === part.index - 1);
