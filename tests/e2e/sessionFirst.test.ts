import { expect } from 'vitest';
import { signInAsLeader } from './support/leaderSession.ts';
import { describePortal, type PortalVisit } from './support/portalBrowser.ts';
import { expectedEvents } from './support/portalData.ts';

const isSessionAnswer = (url: string) => new URL(url).pathname === '/api/auth/me';

/** The lists `/events` asked, as `GET /api/events?...`. */
function eventLists(visit: PortalVisit): string[] {
  return visit.apiCalls().filter((call) => call.startsWith('GET /api/events?'));
}

/**
 * Which list `/events` asks first (issue 21, docs/performance.md). The page preloads `GET /api/auth/me`: when its
 * answer has come before the app starts, who is asking is known at once, and a member is spared the visitor's
 * list; when it has not, a visitor's list is asked at once, beside the session's question, and does not wait.
 */
// One browser per block: a page that signed in leaves its cookie and `lastAccount` in the profile.
describePortal('/events asks the list of whoever is there: a member', (portalTest) => {
  portalTest('signed in on a browser she never signed in on here, with the session answered before the scripts: only her detailed list', async (visit) => {
    const { page } = visit;
    await signInAsLeader(visit);
    const { window } = await expectedEvents();
    // As on a phone, whose scripts take longer than the session's small answer: the entry script waits for it.
    const answered = page.waitForResponse((response) => isSessionAnswer(response.url()));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await answered;
      await route.continue();
    });
    await visit.goto('/events');
    await page.getByRole('list', { name: 'Próximos eventos' }).waitFor();
    expect(eventLists(visit)).toEqual([`GET /api/events?from=${window.range.from}&to=${window.range.to}&detail=full`]);
    expect(visit.appErrors()).toEqual([]);
  });
});

describePortal('/events asks the list of whoever is there: a visitor', (portalTest) => {
  portalTest('a visitor whose session answer is slow: her list is asked at once, before the session has answered', async (visit) => {
    const { page } = visit;
    const { window } = await expectedEvents();
    const visitorList = `GET /api/events?from=${window.range.from}&to=${window.range.to}`;
    // The session's answer is held until the visitor's list has been asked: a page that waited for it would never ask.
    await page.route(
      (url) => isSessionAnswer(url.href),
      async (route) => {
        await visit.until(() => eventLists(visit).includes(visitorList), 'the visitor list asked before the session answered');
        await route.continue();
      },
    );
    await visit.goto('/events');
    await page.getByRole('list', { name: 'Próximos eventos' }).waitFor();
    expect(eventLists(visit)).toEqual([visitorList]);
    expect(visit.appErrors()).toEqual([]);
  });
});
