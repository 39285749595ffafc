import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/platform/config.ts';

function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      apiPort: 3000,
      eventsApiUrls: ['http://127.0.0.1:3000'],
      externalApi: false,
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      portalName: 'Koinonia',
      timeZone: 'America/Sao_Paulo',
      cookieSecure: 'auto',
      trustProxy: ['loopback'],
      allocationBufferMinutes: 60,
      databasePoolSize: 10,
      retentionDays: 365,
      logLevel: 'info',
    });
    expect(Object.values(config.social).every((url) => url.startsWith('https://'))).toBe(true);
  });

  it('reads every setting, and empty values count as unset', () => {
    const config = loadConfig({
      PORT: '9090',
      API_PORT: '4000',
      DATA_DIR: '/tmp/koinonia-data',
      DATABASE_URL: 'postgresql://app@db.internal:5432/koinonia',
      PORTAL_NAME: '  Rede Ágape  ',
      APP_TIMEZONE: 'America/Manaus',
      SOCIAL_INSTAGRAM_URL: 'https://instagram.com/rede',
      COOKIE_SECURE: 'true',
      TRUST_PROXY: 'loopback, 10.0.0.0/8',
      ALLOCATION_BUFFER_MINUTES: '90',
      DATABASE_POOL_SIZE: ' 40 ',
      RETENTION_DAYS: ' 730 ',
      LOG_LEVEL: 'warn',
      SOCIAL_YOUTUBE_URL: '',
    });
    expect(config).toMatchObject({
      port: 9090,
      apiPort: 4000,
      eventsApiUrls: ['http://127.0.0.1:4000'],
      dataDir: '/tmp/koinonia-data',
      databaseUrl: 'postgresql://app@db.internal:5432/koinonia',
      portalName: 'Rede Ágape',
      timeZone: 'America/Manaus',
      cookieSecure: 'always',
      trustProxy: ['loopback', '10.0.0.0/8'],
      allocationBufferMinutes: 90,
      databasePoolSize: 40,
      retentionDays: 730,
      logLevel: 'warn',
    });
    expect(config.social.instagram).toBe('https://instagram.com/rede');
    expect(config.social.youtube).toBe('https://www.youtube.com/');
    expect(loadConfig({ COOKIE_SECURE: 'false' }).cookieSecure).toBe('never');
  });

  it('treats an explicit EVENTS_API_URL as an API that runs elsewhere', () => {
    const config = loadConfig({ EVENTS_API_URL: 'http://api.internal:3000' });
    expect(config.eventsApiUrls).toEqual(['http://api.internal:3000']);
    expect(config.externalApi).toBe(true);
  });

  it('takes several events APIs in EVENTS_API_URL, separated by commas', () => {
    expect(loadConfig({ EVENTS_API_URL: 'http://api-1:3000, http://api-2:3000,https://api-3' }).eventsApiUrls).toEqual(['http://api-1:3000', 'http://api-2:3000', 'https://api-3']);
  });

  it('keeps a timezone under its canonical IANA name', () => {
    expect(loadConfig({ APP_TIMEZONE: 'utc' }).timeZone).toBe('UTC');
    expect(loadConfig({ APP_TIMEZONE: 'Asia/Tokyo' }).timeZone).toBe('Asia/Tokyo');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '0'],
    ['PORT', '65536'],
    ['PORT', '80.5'],
    ['PORT', '0x50'],
    ['PORT', '-1'],
    ['API_PORT', '3000abc'],
    ['APP_TIMEZONE', 'Mars/Olympus'],
    ['APP_TIMEZONE', 'GMT+25'],
    ['DATABASE_URL', 'mysql://x'],
    ['DATABASE_URL', 'sqlite:./data/koinonia.db'],
    ['EVENTS_API_URL', 'ftp://api.internal'],
    ['EVENTS_API_URL', 'not a url'],
    ['EVENTS_API_URL', 'http://api-1:3000,'],
    ['EVENTS_API_URL', 'http://api-1:3000,ftp://api-2'],
    ['SOCIAL_FACEBOOK_URL', 'javascript:alert(1)'],
    ['COOKIE_SECURE', 'yes'],
    ['LOG_LEVEL', 'loud'],
    ['ALLOCATION_BUFFER_MINUTES', 'abc'],
    ['ALLOCATION_BUFFER_MINUTES', '1441'],
    ['ALLOCATION_BUFFER_MINUTES', '1.5'],
    ['ALLOCATION_BUFFER_MINUTES', '-5'],
    ['PORTAL_NAME', '   '],
    ['ALLOCATION_CONFLICT_HOURS', '3'],
    ['DATABASE_POOL_SIZE', 'abc'],
    ['DATABASE_POOL_SIZE', '0'],
    ['DATABASE_POOL_SIZE', '1'],
    ['DATABASE_POOL_SIZE', '501'],
    ['DATABASE_POOL_SIZE', '2.5'],
    ['RETENTION_DAYS', 'abc'],
    ['RETENTION_DAYS', '29'],
    ['RETENTION_DAYS', '3651'],
    ['RETENTION_DAYS', '365.5'],
    ['RETENTION_DAYS', '-365'],
  ])('rejects %s=%j with one pt-BR line naming the variable', (name, value) => {
    const error = configError({ [name]: value });
    expect(error.message).toContain(name);
    expect(error.message).toContain(JSON.stringify(value));
    expect(error.message).not.toContain('\n');
    expect(error.message).toMatch(/^Configuração inválida: /);
    expect(error.message).not.toMatch(/\b(Invalid|expected|received)\b/);
  });

  it('takes RETENTION_DAYS at both ends of 30–3650', () => {
    expect(loadConfig({ RETENTION_DAYS: '30' }).retentionDays).toBe(30);
    expect(loadConfig({ RETENTION_DAYS: '3650' }).retentionDays).toBe(3650);
  });

  it('never prints the password of a rejected URL', () => {
    const error = configError({ DATABASE_URL: 'mysql://root:s3cret@db/koinonia' });
    expect(error.message).toContain('DATABASE_URL');
    expect(error.message).not.toContain('s3cret');
  });
});
