import { describe, expect, it, vi } from 'vitest';
import { PUBLIC_CONFIG_ELEMENT_ID, publicConfigSchema } from '../../shared/publicConfig.ts';
import {
  DEFAULT_PUBLIC_CONFIG,
  isPublicConfig,
  PORTAL_CONFIG_ELEMENT_ID,
  readPublicConfig,
} from '../../client/app/publicConfig.ts';

function documentWith(json: string | null): Document {
  const doc = document.implementation.createHTMLDocument('t');
  if (json !== null) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = PUBLIC_CONFIG_ELEMENT_ID;
    script.textContent = json;
    doc.head.append(script);
  }
  return doc;
}

const written = {
  portalName: 'Koinonia',
  timeZone: 'America/Sao_Paulo',
  social: { instagram: 'https://i/', facebook: 'https://f/', twitter: 'https://t/', youtube: 'https://y/' },
  retentionDays: 730,
};

describe('readPublicConfig', () => {
  it('reads the block under the id the web host uses', () => {
    expect(PORTAL_CONFIG_ELEMENT_ID).toBe(PUBLIC_CONFIG_ELEMENT_ID);
    expect(readPublicConfig(documentWith(JSON.stringify(written)))).toEqual(written);
  });

  it('falls back to the defaults when there is no block (vite dev)', () => {
    expect(readPublicConfig(documentWith(null))).toEqual(DEFAULT_PUBLIC_CONFIG);
    expect(publicConfigSchema.safeParse(DEFAULT_PUBLIC_CONFIG).success).toBe(true);
  });

  it('falls back to the defaults, with a warning, when the block is unreadable', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readPublicConfig(documentWith('{not json'))).toEqual(DEFAULT_PUBLIC_CONFIG);
    expect(readPublicConfig(documentWith(JSON.stringify({ portalName: 1 })))).toEqual(DEFAULT_PUBLIC_CONFIG);
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it.each([
    written,
    { ...written, extra: true },
    { ...written, portalName: 3 },
    { ...written, retentionDays: '730' },
    { ...written, retentionDays: 36.5 },
    { ...written, retentionDays: undefined },
    { ...written, social: { ...written.social, youtube: undefined } },
    { ...written, social: null },
    null,
    [],
    'Koinonia',
  ])('accepts exactly what the shared schema accepts: %j', (value) => {
    expect(isPublicConfig(value)).toBe(publicConfigSchema.safeParse(value).success);
  });
});
