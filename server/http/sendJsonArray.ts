import type { Response } from 'express';

/** Resolves when the client has taken the buffered output, or when the connection is gone (false). */
function drained(res: Response): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (ok: boolean) => () => {
      res.off('drain', onDrain);
      res.off('close', onClose);
      resolve(ok);
    };
    const onDrain = done(true);
    const onClose = done(false);
    res.on('drain', onDrain);
    res.on('close', onClose);
  });
}

/**
 * Streams pages of items as one JSON array, waiting for the client whenever its buffer is full.
 * The first page is read before anything is sent, so a failing query still becomes a proper error response;
 * a client that goes away stops the stream (and the page source) instead of leaving it waiting forever.
 */
export async function sendJsonArray<T>(res: Response, pages: AsyncIterable<T[]>): Promise<void> {
  const iterator = pages[Symbol.asyncIterator]();
  try {
    let next = await iterator.next();
    res.status(200).type('application/json');
    res.write('[');
    let first = true;
    while (!next.done) {
      let chunk = '';
      for (const item of next.value) {
        chunk += (first ? '' : ',') + JSON.stringify(item);
        first = false;
      }
      if (chunk && !res.write(chunk) && (res.destroyed || !(await drained(res)))) return;
      if (res.destroyed) return;
      next = await iterator.next();
    }
    res.end(']');
  } finally {
    await iterator.return?.();
  }
}
