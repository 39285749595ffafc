import { expect } from 'vitest';
import { describePortal, type PortalVisit } from './support/portalBrowser.ts';
import { dayLabel, expectedEvents, formatDay } from './support/portalData.ts';

async function openEvents(visit: PortalVisit) {
  await visit.goto('/events');
  await visit.page.getByRole('list', { name: 'Próximos eventos' }).waitFor();
}

describePortal('§4 states and transitions', (portalTest) => {
  portalTest('login page mode starts at login and the side-panel buttons switch login <-> cadastrar', async (visit) => {
    const { page } = visit;
    await visit.goto('/login');
    const panel = page.getByRole('region', { name: 'Acesso à conta' });
    await panel.waitFor();
    const mode = () => panel.getAttribute('data-mode');
    expect(await mode()).toBe('login');
    await page.getByRole('button', { name: 'Cadastrar', exact: true }).click();
    expect(await mode()).toBe('cadastrar');
    await page.getByRole('button', { name: 'Fazer Login' }).click();
    expect(await mode()).toBe('login');
    await page.getByRole('button', { name: 'Cadastrar', exact: true }).click();
    expect(await mode()).toBe('cadastrar');
    // The page starts in login mode again on a new load.
    await page.reload();
    await panel.waitFor();
    expect(await mode()).toBe('login');
  });

  portalTest('events page tab: nextEvents initially, then myEvents and leaderView (tabs with aria-selected, arrow keys)', async (visit) => {
    const { page } = visit;
    await openEvents(visit);
    const selected = () => page.getByRole('tab', { selected: true }).textContent();
    expect(await selected()).toBe('Next Events');
    await page.getByRole('tab', { name: 'My Events' }).click();
    expect(await selected()).toBe('My Events');
    await page.getByRole('tab', { name: 'Leader View' }).click();
    expect(await selected()).toBe('Leader View');
    await page.keyboard.press('ArrowRight');
    expect(await selected()).toBe('Next Events');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Next Events');
    await page.keyboard.press('End');
    expect(await selected()).toBe('Leader View');
    await page.keyboard.press('ArrowLeft');
    expect(await selected()).toBe('My Events');
    const panelLabel = await page.getByRole('tabpanel').getAttribute('aria-labelledby');
    expect(await page.locator(`[id="${panelLabel}"]`).textContent()).toBe('My Events');
  });

  portalTest('event details modal: open or closed (Close button)', async (visit) => {
    const { page } = visit;
    await openEvents(visit);
    const dialog = page.getByRole('dialog', { name: 'Event Details' });
    expect(await dialog.count()).toBe(0);
    await page.getByRole('list', { name: 'Próximos eventos' }).getByRole('button').nth(1).click();
    await dialog.getByLabel('Event', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  portalTest('date-events modal: open or closed, holding the selected date in yyyy-MM-dd form', async (visit) => {
    const { page } = visit;
    const expected = await expectedEvents();
    await openEvents(visit);
    const day = expected.window.today;
    await page.getByRole('button', { name: dayLabel(day, expected.days.get(day) ?? 0), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Events on ${formatDay(day)}` });
    await dialog.waitFor();
    await visit.until(() => visit.apiCalls().includes(`GET /api/events?date=${day}`), 'the day call');
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  portalTest('allocation modal: open or closed (Cancel, Esc, Submit)', async (visit) => {
    const { page } = visit;
    await openEvents(visit);
    await page.getByRole('tab', { name: 'Leader View' }).click();
    const list = page.getByRole('list', { name: 'Escala de membros' });
    const dialog = page.getByRole('dialog', { name: 'Allocate Member to Event' });
    for (const close of ['Cancel', 'Escape', 'Submit']) {
      await list.getByRole('button').first().click();
      await dialog.waitFor();
      if (close === 'Escape') await page.keyboard.press('Escape');
      else await dialog.getByRole('button', { name: close }).click();
      await dialog.waitFor({ state: 'detached' });
    }
  });

  portalTest('event status values are not shown', async (visit) => {
    const { page } = visit;
    await openEvents(visit);
    const texts = (await page.getByRole('list', { name: 'Próximos eventos' }).getByRole('listitem').allTextContents()).join('\n');
    expect(texts).not.toMatch(/status|cancelad|confirmad|ativo|pendente/i);
  });
});
