import { z } from 'zod';

/** What the web host tells the browser, inside `<script type="application/json" id="portal-config">`. */
export const publicConfigSchema = z.object({
  portalName: z.string(),
  timeZone: z.string(),
  social: z.object({
    instagram: z.string(),
    facebook: z.string(),
    twitter: z.string(),
    youtube: z.string(),
  }),
  /** RETENTION_DAYS, which the privacy page states (docs/product.md §11). */
  retentionDays: z.number().int(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const PUBLIC_CONFIG_ELEMENT_ID = 'portal-config';
