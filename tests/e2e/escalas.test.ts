import { expect } from 'vitest';
import type { User } from '../../shared/schemas/auth.ts';
import type { EventType, ManagedEvent } from '../../shared/schemas/eventManagement.ts';
import { describePortal, type PortalVisit } from './support/portalBrowser.ts';
import { formatShortDateTime } from '../../shared/formats.ts';
import { addDays, dayKeyOf, expectedEvents } from './support/portalData.ts';
import {
  DEMO_LEADER_EMAIL,
  DEMO_PASSWORD,
  freshEmail,
  PortalApiClient,
  signInThroughForm,
  signOutThroughHub,
  startAnonymous,
} from './support/accounts.ts';

const MEMBER_PASSWORD = 'senha da rute 123';

/** A day button of the visible tab's calendars. */
function dayButton(visit: PortalVisit, day: string) {
  return visit.page.locator(`[role="tabpanel"]:not([hidden]) button.calendar__day[data-day="${day}"]`);
}

describePortal('Escalas (issue 5)', (portalTest) => {
  portalTest('a leader allocates a member, overrides a schedule conflict, and the member sees both under My Events with the day highlighted', async (visit) => {
    const { page } = visit;
    const expected = await expectedEvents();
    const { timeZone } = expected;

    // Arranged through the API: a new member, and two events 90 minutes apart tomorrow (a clash: < 3 h).
    const email = freshEmail('rute');
    const registered: { user: User } = await PortalApiClient.register('Rute Escalada', email, MEMBER_PASSWORD);
    const leaderApi = await PortalApiClient.signIn(DEMO_LEADER_EMAIL, DEMO_PASSWORD);
    const [eventType] = await leaderApi.expect<EventType[]>(200, 'GET', '/api/event-types');
    expect(eventType, 'o seed tem tipos de evento').toBeDefined();
    const day = addDays(expected.window.today, 1);
    const first = await leaderApi.expect<ManagedEvent>(201, 'POST', '/api/events', { datetime: `${day}T10:00`, event_type_id: eventType!.id });
    const second = await leaderApi.expect<ManagedEvent>(201, 'POST', '/api/events', { datetime: `${day}T11:30`, event_type_id: eventType!.id });
    expect(dayKeyOf(first.datetime, timeZone)).toBe(day);

    try {
      // The leader, through the screens.
      await startAnonymous(visit);
      await signInThroughForm(visit, DEMO_LEADER_EMAIL, DEMO_PASSWORD);
      await page.getByRole('tab', { name: 'Leader View' }).click();
      const list = page.getByRole('list', { name: 'Escala de membros' });
      const item = (event: ManagedEvent) => list.getByRole('listitem').filter({ has: page.locator(`[data-event-id="${event.id}"]`) });
      const dialog = page.getByRole('dialog', { name: 'Allocate Member to Event' });

      await visit.clickUntil(list.locator(`[data-event-id="${first.id}"]`), dialog, 'o diálogo de alocação abre');
      await dialog.getByLabel('Department', { exact: true }).fill('Louvor');
      await dialog.getByLabel('Member', { exact: true }).fill(email);
      await dialog.getByRole('button', { name: 'Submit' }).click();
      await dialog.waitFor({ state: 'detached' });
      const firstAllocations = item(first).getByRole('list', { name: /^Escala: / });
      await firstAllocations.getByText('Rute Escalada').waitFor();
      expect(await firstAllocations.getByText('Louvor').count()).toBe(1);

      // The clash: the conflict names the first event and its department; the leader allocates anyway.
      await list.locator(`[data-event-id="${second.id}"]`).click();
      await dialog.getByLabel('Department', { exact: true }).fill('Mídia');
      await dialog.getByLabel('Member', { exact: true }).fill(email);
      await dialog.getByRole('button', { name: 'Submit' }).click();
      const conflict = dialog.getByRole('alert');
      await conflict.waitFor();
      const conflictText = (await conflict.textContent()) ?? '';
      expect(conflictText).toContain('Conflito de escala');
      expect(conflictText).toContain('Rute Escalada já serve em outro evento neste horário ou a menos de 60 minutos dele.');
      expect(conflictText).toContain(`${eventType!.name} — ${formatShortDateTime(first.datetime, timeZone)} (Louvor)`);
      await dialog.getByRole('button', { name: 'Alocar mesmo assim' }).click();
      await dialog.waitFor({ state: 'detached' });
      const secondAllocations = item(second).getByRole('list', { name: /^Escala: / });
      await secondAllocations.getByText('Rute Escalada').waitFor();
      expect(await secondAllocations.getByText('Mídia').count()).toBe(1);
      expect(visit.appErrors()).toEqual([]);
      await signOutThroughHub(visit);

      // The member: My Events shows both, with their departments, and the day lights up.
      await signInThroughForm(visit, email, MEMBER_PASSWORD);
      await page.getByRole('tab', { name: 'My Events' }).click();
      const mine = page.getByRole('list', { name: 'Minhas escalas' });
      await mine.waitFor();
      // Two events (each with its answer buttons under it).
      expect(await mine.locator('button.event-button').count()).toBe(2);
      expect(await mine.locator(`[data-event-id="${first.id}"] .event-button__detail`).textContent()).toBe('Louvor');
      expect(await mine.locator(`[data-event-id="${second.id}"] .event-button__detail`).textContent()).toBe('Mídia');
      expect(await dayButton(visit, day).getAttribute('data-has-events')).toBe('true');
      // Only their days: a day of the network's agenda they do not serve at stays plain.
      const otherDay = [...expected.days.keys()].find((candidate) => candidate !== day);
      if (otherDay) expect(await dayButton(visit, otherDay).getAttribute('data-has-events')).toBe('false');
      // Next Events is still everyone's.
      await page.getByRole('tab', { name: 'Next Events' }).click();
      await page.getByRole('list', { name: 'Próximos eventos' }).locator(`[data-event-id="${first.id}"]`).waitFor();
      expect(await page.getByRole('list', { name: 'Próximos eventos' }).getByRole('button').count()).toBeGreaterThan(2);
      expect(visit.appErrors()).toEqual([]);
      await signOutThroughHub(visit);
      expect(registered.user.role).toBe('member');
    } finally {
      // The two events were only for this test (their allocations go with them).
      for (const event of [first, second]) await leaderApi.call('DELETE', `/api/events/${event.id}?confirm=true`);
    }
  });

  portalTest('a member who is not a leader sees Leader View read-only, with the note and no allocation call', async (visit) => {
    const { page } = visit;
    const email = freshEmail('marta');
    await PortalApiClient.register('Marta Membro', email, MEMBER_PASSWORD);
    await startAnonymous(visit);
    await signInThroughForm(visit, email, MEMBER_PASSWORD);
    await page.getByRole('tab', { name: 'Leader View' }).click();
    const note = page.getByRole('note');
    await note.waitFor();
    expect(await note.textContent()).toBe('Apenas líderes podem alocar membros.');
    const list = page.getByRole('list', { name: 'Escala de membros' });
    await list.getByRole('button').first().click();
    await page.getByRole('dialog', { name: 'Event Details' }).getByLabel('Event', { exact: true }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Allocate Member to Event' }).count()).toBe(0);
    expect(visit.apiCalls().filter((call) => /allocations|members|departments/.test(call))).toEqual([]);
    await page.getByRole('button', { name: 'Close' }).click();
    await signOutThroughHub(visit);
  });
});
