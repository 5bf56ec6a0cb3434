import { z } from 'zod';
import { MAX_ID } from './row-ids.ts';

/** An id as it arrives in an address or a form: digits, read as a whole number from 1 to MAX_ID. */
export const idFromText = z.coerce.number().int().positive().max(MAX_ID);

/** Route parameters naming one row by id, as every `/:id` address takes them. */
export const idParams = z.object({ id: idFromText });
