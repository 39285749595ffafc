import { createContext, useContext } from 'react';
import type { PublicConfig } from '../../shared/publicConfig.ts';

/**
 * The id of the JSON block, `PUBLIC_CONFIG_ELEMENT_ID` of shared/publicConfig.ts. Only the type is imported
 * from there: its zod schema would add some 22 kB gzip to the first screen (tests/client keep them equal).
 */
export const PORTAL_CONFIG_ELEMENT_ID = 'portal-config';

/** What the client assumes when the web host wrote no configuration (e.g. under `vite dev`). */
export const DEFAULT_PUBLIC_CONFIG: PublicConfig = {
  portalName: 'Koinonia',
  timeZone: 'America/Sao_Paulo',
  social: {
    instagram: 'https://www.instagram.com/',
    facebook: 'https://www.facebook.com/',
    twitter: 'https://twitter.com/',
    youtube: 'https://www.youtube.com/',
  },
  retentionDays: 365,
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The same check as `publicConfigSchema` (the server validated these values once already). */
export function isPublicConfig(value: unknown): value is PublicConfig {
  if (!isRecord(value) || !isRecord(value.social)) return false;
  const { social } = value;
  return (
    typeof value.portalName === 'string' &&
    typeof value.timeZone === 'string' &&
    Number.isInteger(value.retentionDays) &&
    (['instagram', 'facebook', 'twitter', 'youtube'] as const).every((network) => typeof social[network] === 'string')
  );
}

/** Reads the `<script type="application/json" id="portal-config">` block the web host writes into index.html. */
export function readPublicConfig(doc: Document = document): PublicConfig {
  const text = doc.getElementById(PORTAL_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return DEFAULT_PUBLIC_CONFIG;
  try {
    const parsed: unknown = JSON.parse(text);
    if (isPublicConfig(parsed)) {
      const { portalName, timeZone, social, retentionDays } = parsed;
      return {
        portalName,
        timeZone,
        social: { instagram: social.instagram, facebook: social.facebook, twitter: social.twitter, youtube: social.youtube },
        retentionDays,
      };
    }
  } catch {
    // falls through to the defaults below
  }
  console.warn('Configuração do portal ilegível; usando os valores padrão.');
  return DEFAULT_PUBLIC_CONFIG;
}

export const PublicConfigContext = createContext<PublicConfig>(DEFAULT_PUBLIC_CONFIG);

/** The portal name, network timezone, social links and retention days. */
export function usePublicConfig(): PublicConfig {
  return useContext(PublicConfigContext);
}
