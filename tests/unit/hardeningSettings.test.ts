import { describe, expect, it } from 'vitest';
import { clientErrorResponse } from '../../server/http/clientErrorAnswer.ts';
import { ConfigError, loadConfig } from '../../server/platform/config.ts';
import { apiListenHost } from '../../server/platform/listen.ts';

describe('PUBLIC_URL and API_HOST (issue 12, item 11)', () => {
  it('PUBLIC_URL is unset by default, an absolute http(s) base otherwise, without its trailing slash', () => {
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'https://portal.igreja.org/' }).publicUrl).toBe('https://portal.igreja.org');
    expect(loadConfig({ PUBLIC_URL: 'http://10.0.0.2:8080' }).publicUrl).toBe('http://10.0.0.2:8080');
    for (const bad of ['portal.igreja.org', 'ftp://portal.igreja.org', 'https://portal.igreja.org/?a=1', 'https://portal.igreja.org/#x']) {
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL/);
    }
  });

  it('API_HOST takes an address or a host name', () => {
    expect(loadConfig({}).apiHost).toBeUndefined();
    for (const host of ['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost', 'api.internal']) expect(loadConfig({ API_HOST: host }).apiHost).toBe(host);
    expect(() => loadConfig({ API_HOST: 'not a host' })).toThrow(/API_HOST/);
  });

  it('the API port listens on loopback when the web host is in the same process, unless API_HOST says otherwise', () => {
    expect(apiListenHost(undefined, true)).toBe('127.0.0.1');
    expect(apiListenHost(undefined, false)).toBeUndefined();
    expect(apiListenHost('0.0.0.0', true)).toBe('0.0.0.0');
    expect(apiListenHost('10.0.0.3', false)).toBe('10.0.0.3');
  });
});

describe("Node's own parser errors in the API's shape (issue 12, item 11)", () => {
  const parse = (code: string) => {
    const raw = clientErrorResponse(Object.assign(new Error(code), { code })).toString('utf8');
    const [head, body] = raw.split('\r\n\r\n');
    return { statusLine: head!.split('\r\n')[0], head: head!, body: JSON.parse(body!) as { error: { code: string; message: string } }, raw };
  };

  it('keeps the status Node would send, with a JSON body and the API headers', () => {
    expect(parse('HPE_HEADER_OVERFLOW').statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(parse('ERR_HTTP_REQUEST_TIMEOUT').statusLine).toBe('HTTP/1.1 408 Request Timeout');
    const bad = parse('HPE_INVALID_METHOD');
    expect(bad.statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(bad.body.error.code).toBe('invalid_request');
    expect(bad.head).toContain('Content-Type: application/json; charset=utf-8');
    expect(bad.head).toContain(`Content-Length: ${Buffer.byteLength(JSON.stringify(bad.body))}`);
    expect(bad.head).toContain("Content-Security-Policy: default-src 'none'; frame-ancestors 'none'");
    expect(bad.head).toContain('Connection: close');
  });
});
