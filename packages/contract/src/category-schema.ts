import { z } from 'zod';

export const categorySchema = z.object({ id: z.number().int(), text: z.string() });
export type Category = z.infer<typeof categorySchema>;

export const categoryListResponse = z.object({ data: z.array(categorySchema) });
