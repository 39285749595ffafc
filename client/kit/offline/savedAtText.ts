import { dayKeyOf } from '../../../shared/days.ts';
import { formatTime } from '../../../shared/formats.ts';

/** When answers were saved, as the offline notice tells it: `09:41` today, `22/11 às 09:41` before (network days). */
export function savedAtText(savedAt: string, timeZone: string, now = new Date()): string {
  const time = formatTime(savedAt, timeZone);
  const day = dayKeyOf(savedAt, timeZone);
  if (day === dayKeyOf(now, timeZone)) return time;
  const [, month, date] = day.split('-');
  return `${date}/${month} às ${time}`;
}
