import type { PublicConfig } from './publicConfig.ts';

/**
 * The pages `vite build` renders to HTML (scripts/prerender.ts) and the web host serves with the configuration
 * written in (server/web/pages.ts): path → file under `prerendered/` of the client build. Any other path gets the
 * empty shell (index.html), which the client renders instead of hydrating.
 */
export const PRERENDERED_PAGES = {
  '/': 'index.html',
  '/login': 'login.html',
  '/events': 'events.html',
} as const;

export type PrerenderedPath = keyof typeof PRERENDERED_PAGES;

export const PRERENDERED_DIR = 'prerendered';

export function isPrerenderedPath(pathname: string): pathname is PrerenderedPath {
  return Object.hasOwn(PRERENDERED_PAGES, pathname);
}

/**
 * What the build renders in place of each configured text: the portal name and the social links are the web
 * host's configuration, known only when it starts. Letters and underscores only, so React's escaping leaves them
 * as they are.
 */
const PLACEHOLDERS = {
  portalName: 'KOINONIA_PLACEHOLDER_PORTAL_NAME',
  instagram: 'KOINONIA_PLACEHOLDER_SOCIAL_INSTAGRAM',
  facebook: 'KOINONIA_PLACEHOLDER_SOCIAL_FACEBOOK',
  twitter: 'KOINONIA_PLACEHOLDER_SOCIAL_TWITTER',
  youtube: 'KOINONIA_PLACEHOLDER_SOCIAL_YOUTUBE',
} as const;

/** The configuration the build renders with. The timezone is a real one: no pre-rendered text may depend on it. */
export function placeholderConfig(timeZone = 'UTC'): PublicConfig {
  return {
    portalName: PLACEHOLDERS.portalName,
    timeZone,
    social: {
      instagram: PLACEHOLDERS.instagram,
      facebook: PLACEHOLDERS.facebook,
      twitter: PLACEHOLDERS.twitter,
      youtube: PLACEHOLDERS.youtube,
    },
    // No pre-rendered page shows it (the privacy page is drawn in the browser): one that did would differ from
    // the build's check with another value (scripts/prerender.ts) and fail the build.
    retentionDays: 365,
  };
}

/** The escaping of React's server renderer, for text and attribute values alike. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

/** A pre-rendered page with the configured values in place of the placeholders. */
export function fillPlaceholders(template: string, config: PublicConfig): string {
  const values: Record<string, string> = {
    [PLACEHOLDERS.portalName]: config.portalName,
    [PLACEHOLDERS.instagram]: config.social.instagram,
    [PLACEHOLDERS.facebook]: config.social.facebook,
    [PLACEHOLDERS.twitter]: config.social.twitter,
    [PLACEHOLDERS.youtube]: config.social.youtube,
  };
  // One pass: a configured value that happens to contain a placeholder's name stays as it is.
  return template.replace(/KOINONIA_PLACEHOLDER_[A-Z_]+/g, (token) => (token in values ? escapeHtml(values[token]!) : token));
}
