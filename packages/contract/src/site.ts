import { z } from 'zod';

/** Public facts the web app shows that come from server configuration. */
export const siteInfoSchema = z.object({
  planName: z.string(),
  planPriceCents: z.number().int(),
  planInterval: z.enum(['month', 'year']),
  supportEmail: z.string(),
  infoEmail: z.string(),
  privacyEmail: z.string(),
  socialLinks: z.object({ facebook: z.string(), instagram: z.string() }),
  explainerVideos: z.object({ camp: z.string().nullable(), camper: z.string().nullable() }),
  /** The map style search results are drawn on; null means no map view. */
  mapStyleUrl: z.string().nullable(),
  /** Which processor saves cards; with Stripe the web app loads Stripe's card field with this key. */
  payments: z.object({ provider: z.enum(['test', 'stripe']), publishableKey: z.string().nullable() }),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;

export const siteInfoResponse = z.object({ data: siteInfoSchema });
