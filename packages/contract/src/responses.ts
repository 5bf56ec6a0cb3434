import { z } from 'zod';

/** The answer of every DELETE that removes one thing. */
export const deletedResponse = z.object({ data: z.object({ deleted: z.literal(true) }) });
