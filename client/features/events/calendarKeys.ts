import { addDays, addMonths, weekdayOf, type DayKey } from '../../../shared/days.ts';

/**
 * The day a key moves a month calendar's focus to (WAI-ARIA grid pattern): arrows by a day or a week, Home and
 * End to the start and end of the week, Page Up and Page Down to the same day of the previous or next month (the
 * month's last day when it has fewer). Undefined for any other key. The result may fall outside the month;
 * the calendar decides what that means.
 */
export function dayAfterKey(day: DayKey, key: string): DayKey | undefined {
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'Home':
      return addDays(day, -weekdayOf(day));
    case 'End':
      return addDays(day, 6 - weekdayOf(day));
    case 'PageUp':
      return addMonths(day, -1);
    case 'PageDown':
      return addMonths(day, 1);
    default:
      return undefined;
  }
}
