import { describe, expect, it } from 'vitest';
import { monthGrid } from '../../client/features/events/monthGrid.ts';

function dayNumbers(month: string): Array<Array<number | null>> {
  return monthGrid(month).map((week) => week.map((day) => (day === null ? null : Number(day.slice(8)))));
}

describe('monthGrid', () => {
  it.each([
    ['2026-11-01', 0, 'Sunday'],
    ['2027-03-01', 1, 'Monday'],
    ['2026-09-01', 2, 'Tuesday'],
    ['2026-07-01', 3, 'Wednesday'],
    ['2026-10-01', 4, 'Thursday'],
    ['2027-01-01', 5, 'Friday'],
    ['2026-08-01', 6, 'Saturday'],
  ])('starts %s (a %s-column offset, %s) in the right column', (month, offset) => {
    const weeks = monthGrid(month);
    expect(weeks[0]!.slice(0, offset)).toEqual(Array(offset).fill(null));
    expect(weeks[0]![offset]).toBe(month);
    for (const week of weeks) expect(week).toHaveLength(7);
    const days = weeks.flat().filter((day) => day !== null);
    expect(days[0]).toBe(month);
    expect(days.every((day) => day.startsWith(month.slice(0, 8)))).toBe(true);
  });

  it('lays out November 2026 (starts on Sunday, 30 days) in 5 weeks', () => {
    expect(dayNumbers('2026-11-15')).toEqual([
      [1, 2, 3, 4, 5, 6, 7],
      [8, 9, 10, 11, 12, 13, 14],
      [15, 16, 17, 18, 19, 20, 21],
      [22, 23, 24, 25, 26, 27, 28],
      [29, 30, null, null, null, null, null],
    ]);
  });

  it('lays out August 2026 (starts on Saturday, 31 days) in 6 weeks', () => {
    const weeks = dayNumbers('2026-08-01');
    expect(weeks).toHaveLength(6);
    expect(weeks[0]).toEqual([null, null, null, null, null, null, 1]);
    expect(weeks[5]).toEqual([30, 31, null, null, null, null, null]);
  });

  it('lays out a common February starting on Sunday in exactly 4 weeks (2026)', () => {
    const weeks = dayNumbers('2026-02-10');
    expect(weeks).toHaveLength(4);
    expect(weeks[0]).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(weeks[3]).toEqual([22, 23, 24, 25, 26, 27, 28]);
  });

  it('gives a leap February 29 days (2028, starting on Tuesday)', () => {
    const days = monthGrid('2028-02-01').flat().filter((day) => day !== null);
    expect(days).toHaveLength(29);
    expect(days.at(-1)).toBe('2028-02-29');
    expect(dayNumbers('2028-02-01')[0]).toEqual([null, null, 1, 2, 3, 4, 5]);
  });

  it('gives a common February 28 days (2027) and century rules (2100 common, 2000 leap)', () => {
    expect(monthGrid('2027-02-01').flat().filter((day) => day !== null)).toHaveLength(28);
    expect(monthGrid('2100-02-01').flat().filter((day) => day !== null)).toHaveLength(28);
    expect(monthGrid('2000-02-01').flat().filter((day) => day !== null)).toHaveLength(29);
  });

  it('writes every day as yyyy-MM-dd', () => {
    for (const day of monthGrid('2026-01-01').flat()) {
      if (day !== null) expect(day).toMatch(/^2026-01-\d{2}$/);
    }
  });
});
