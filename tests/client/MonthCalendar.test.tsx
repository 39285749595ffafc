import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MonthCalendar } from '../../client/features/events/MonthCalendar.tsx';
import { renderWithProviders } from './support/renderWithProviders.tsx';

function renderCalendar(month: string, counts: Record<string, number> = {}, today = '2026-11-21') {
  const onDaySelect = vi.fn();
  const rendered = renderWithProviders(
    <MonthCalendar month={month} eventCounts={new Map(Object.entries(counts))} today={today} onDaySelect={onDaySelect} />,
  );
  return { onDaySelect, ...rendered };
}

describe('MonthCalendar', () => {
  it('is headed with the month name and year, and has 7 columns D S T Q Q S S starting on Sunday', () => {
    renderCalendar('2026-11-01');
    expect(screen.getByRole('heading', { name: 'novembro de 2026' })).toBeInTheDocument();
    const table = screen.getByRole('grid', { name: 'novembro de 2026' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'D', 'S', 'T', 'Q', 'Q', 'S', 'S',
    ]);
    expect(within(table).getAllByRole('columnheader')[0]?.querySelector('abbr')).toHaveAttribute('title', 'domingo');
    const rows = within(table).getAllByRole('row').slice(1);
    for (const row of rows) expect(within(row).getAllByRole('gridcell')).toHaveLength(7);
  });

  it('leaves the cells of neighbouring months blank', () => {
    renderCalendar('2026-12-01');
    const rows = within(screen.getByRole('grid')).getAllByRole('row').slice(1);
    const texts = rows.map((row) => within(row).getAllByRole('gridcell').map((cell) => cell.textContent));
    // December 2026 starts on a Tuesday and ends on a Thursday.
    expect(texts[0]).toEqual(['', '', '1', '2', '3', '4', '5']);
    expect(texts.at(-1)).toEqual(['27', '28', '29', '30', '31', '', '']);
    expect(within(screen.getByRole('grid')).getAllByRole('button')).toHaveLength(31);
  });

  it('names each day in full, with its event count, and highlights days with events', () => {
    renderCalendar('2026-11-01', { '2026-11-22': 3, '2026-11-23': 1 });
    const busy = screen.getByRole('button', { name: '22 de novembro de 2026, 3 eventos' });
    expect(busy).toHaveAttribute('data-has-events', 'true');
    expect(busy).toHaveAttribute('data-day', '2026-11-22');
    expect(busy).toHaveTextContent('22');
    expect(screen.getByRole('button', { name: '23 de novembro de 2026, 1 evento' })).toHaveAttribute('data-has-events', 'true');
    expect(screen.getByRole('button', { name: '24 de novembro de 2026' })).toHaveAttribute('data-has-events', 'false');
    expect(screen.getByRole('button', { name: '21 de novembro de 2026' })).toHaveAttribute('aria-current', 'date');
    expect(document.querySelectorAll('[data-has-events="true"]')).toHaveLength(2);
  });

  it('reports the day key of a clicked day', async () => {
    const { onDaySelect, user } = renderCalendar('2028-02-01');
    await user.click(screen.getByRole('button', { name: '29 de fevereiro de 2028' }));
    expect(onDaySelect).toHaveBeenCalledWith('2028-02-29');
  });

  it('is one Tab stop (today, else the 1st) with arrow keys by day and week, Home and End to the week\'s ends', async () => {
    const { onDaySelect, user } = renderCalendar('2026-11-01', { '2026-11-22': 3 });
    const focusable = [...document.querySelectorAll('button')].filter((button) => button.tabIndex === 0);
    expect(focusable.map((button) => button.dataset.day)).toEqual(['2026-11-21']);
    await user.tab();
    const focused = () => (document.activeElement as HTMLElement).dataset.day;
    expect(focused()).toBe('2026-11-21');
    await user.keyboard('{ArrowRight}');
    expect(focused()).toBe('2026-11-22');
    await user.keyboard('{ArrowUp}');
    expect(focused()).toBe('2026-11-15');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(focused()).toBe('2026-11-29');
    await user.keyboard('{ArrowLeft}');
    expect(focused()).toBe('2026-11-28');
    await user.keyboard('{Home}');
    expect(focused()).toBe('2026-11-22');
    await user.keyboard('{End}');
    expect(focused()).toBe('2026-11-28');
    // Past the month's last day it stays on it (no neighbouring calendar here); the week's end is clamped too.
    await user.keyboard('{ArrowDown}');
    expect(focused()).toBe('2026-11-30');
    await user.keyboard('{End}');
    expect(focused()).toBe('2026-11-30');
    // The roving stop follows: Tab leaves the grid, Shift+Tab comes back to the same day.
    expect([...document.querySelectorAll('button')].filter((button) => button.tabIndex === 0)).toHaveLength(1);
    await user.tab();
    await user.tab({ shift: true });
    expect(focused()).toBe('2026-11-30');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(onDaySelect).toHaveBeenLastCalledWith('2026-11-23');
    await user.keyboard('{ArrowLeft} ');
    expect(onDaySelect).toHaveBeenLastCalledWith('2026-11-22');
  });

  it('starts on the 1st when today is in another month, and hands an arrow past the month to onLeaveMonth', async () => {
    const onLeaveMonth = vi.fn(() => false);
    const { user } = renderWithProviders(
      <MonthCalendar month="2026-12-01" eventCounts={new Map()} today="2026-11-21" onDaySelect={vi.fn()} onLeaveMonth={onLeaveMonth} />,
    );
    await user.tab();
    expect((document.activeElement as HTMLElement).dataset.day).toBe('2026-12-01');
    await user.keyboard('{ArrowLeft}');
    expect(onLeaveMonth).toHaveBeenCalledWith('2026-11-30');
    expect((document.activeElement as HTMLElement).dataset.day).toBe('2026-12-01');
  });
});
