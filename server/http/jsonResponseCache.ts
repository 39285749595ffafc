import { createHash } from 'node:crypto';
import type { Response } from 'express';

interface Entry {
  body: Buffer;
  etag: string;
}

/**
 * Sends `load()` as JSON, or undefined when there is nothing to send (the caller answers 404).
 */
export type SendCachedJson = (res: Response, key: string, load: () => Promise<unknown>) => Promise<boolean>;

/**
 * Remembers the JSON of public reads while the database is unchanged. Every request first asks
 * `dataVersion()`, which changes as soon as any process commits a write, so a write through any instance is
 * seen by the next read through every instance. Without a version probe (PostgreSQL) nothing is remembered.
 * Entries carry a strong ETag, so a browser's revalidation gets a 304.
 */
export function jsonResponseCache(
  dataVersion: (() => string) | undefined,
  { maxBytes = 16 * 1024 * 1024, maxEntryBytes = 1024 * 1024 } = {},
): SendCachedJson {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let current: string | undefined;
  const clear = () => {
    entries.clear();
    bytes = 0;
  };

  const send = (res: Response, entry: Entry) => {
    res.set('ETag', entry.etag).type('application/json').send(entry.body);
  };

  return async (res, key, load) => {
    if (!dataVersion) {
      const value = await load();
      if (value === undefined) return false;
      res.json(value);
      return true;
    }
    const version = dataVersion();
    if (version !== current) {
      clear();
      current = version;
    }
    const cached = entries.get(key);
    if (cached) {
      send(res, cached);
      return true;
    }
    const value = await load();
    if (value === undefined) return false;
    const body = Buffer.from(JSON.stringify(value));
    const entry = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
    // Kept only if nothing was written while it loaded (otherwise it may predate that write), and within a
    // memory budget: anyone may ask for a year of events under many different ranges.
    if (body.length <= maxEntryBytes && current === version && dataVersion() === version) {
      if (bytes + body.length > maxBytes) clear();
      bytes += body.length - (entries.get(key)?.body.length ?? 0);
      entries.set(key, entry);
    }
    send(res, entry);
    return true;
  };
}
