import { expect } from 'vitest';
import type { Response } from 'playwright-core';
import { describePortal } from '../support/portalBrowser.ts';

interface Received {
  path: string;
  type: string;
  encoding: string | undefined;
  vary: string;
  /** Bytes of the body over the wire, and once decoded. */
  sent: number;
  decoded: number;
}

async function received(response: Response): Promise<Received> {
  const headers = await response.allHeaders();
  const sizes = await response.request().sizes();
  return {
    path: new URL(response.url()).pathname + new URL(response.url()).search,
    type: response.request().resourceType(),
    encoding: headers['content-encoding'],
    vary: headers.vary ?? '',
    sent: sizes.responseBodySize,
    decoded: (await response.body()).length,
  };
}

describePortal('compressed responses, as Chromium receives them', (portalTest) => {
  portalTest('a cold /events: the page, its scripts and style sheet and the event list come compressed, with Vary: Accept-Encoding', async (visit) => {
    const { page } = visit;
    // Read once the page is quiet, and only the answers checked: a worker's script, whose worker is gone by then,
    // has no body left to read.
    const responses: Response[] = [];
    page.on('response', (response) => {
      if (response.status() === 200) responses.push(response);
    });
    await visit.goto('/events');
    await page.getByRole('list', { name: 'Próximos eventos' }).waitFor();
    await page.waitForLoadState('networkidle');
    const pathOf = (response: Response) => new URL(response.url()).pathname + new URL(response.url()).search;
    const find = async (matches: (response: Response) => boolean) => {
      const response = responses.find(matches);
      return response ? received(response) : undefined;
    };
    const document = await find((r) => r.request().resourceType() === 'document');
    const entryScript = await find((r) => /^\/assets\/index-.*\.js$/.test(pathOf(r)));
    const styleSheet = await find((r) => /^\/assets\/index-.*\.css$/.test(pathOf(r)));
    const eventList = await find((r) => pathOf(r).startsWith('/api/events?from='));
    for (const [what, answer] of Object.entries({ document, entryScript, styleSheet, eventList })) {
      expect(answer, what).toBeDefined();
      expect(['br', 'gzip'], `${what}: ${JSON.stringify(answer)}`).toContain(answer!.encoding);
      expect(answer!.vary, what).toMatch(/Accept-Encoding/i);
      expect(answer!.sent, `${what}: ${JSON.stringify(answer)}`).toBeLessThan(answer!.decoded / 2);
    }
    // The session answer is a few bytes: not worth compressing.
    const session = await find((r) => pathOf(r) === '/api/auth/me');
    expect(session?.encoding).toBeUndefined();
  });
});
