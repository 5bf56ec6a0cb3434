/** The largest id a row can have: ids are PostgreSQL `integer`s. */
export const MAX_ID = 2_147_483_647;

/** Whether a value could be a row's id: a whole number from 1 to MAX_ID. */
export function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_ID;
}

/** The id written in an address (such as /camps/12), or NaN when it holds anything else. */
export function parseId(text: string | undefined): number {
  const id = text && /^\d{1,10}$/.test(text) ? Number(text) : Number.NaN;
  return isId(id) ? id : Number.NaN;
}
