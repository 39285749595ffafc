import { once } from 'node:events';
import type { Response } from 'express';

/** Streams pages of items as one JSON array, waiting for the client whenever its buffer is full. */
export async function sendJsonArray<T>(res: Response, pages: AsyncIterable<T[]>): Promise<void> {
  res.status(200).type('application/json');
  let first = true;
  res.write('[');
  for await (const page of pages) {
    if (page.length === 0) continue;
    let chunk = '';
    for (const item of page) {
      chunk += (first ? '' : ',') + JSON.stringify(item);
      first = false;
    }
    if (!res.write(chunk)) await once(res, 'drain');
    if (res.destroyed) return;
  }
  res.end(']');
}
