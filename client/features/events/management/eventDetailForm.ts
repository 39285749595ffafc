import { addDays, dayjs, isDayKey } from '../../../../shared/dayKey.ts';
import type { EventDetail } from '../../../../shared/schemas/events.ts';

/** What the detail fields of the event form hold (docs/product.md §8); the church as the select's value ('' = toda a rede). */
export interface EventDetailValues {
  churchId: string;
  title: string;
  location: string;
  description: string;
  /** `HH:mm`, network time; '' = two hours after the start. Earlier than the start: the next day. */
  endTime: string;
}

export const NO_DETAILS: EventDetailValues = { churchId: '', title: '', location: '', description: '', endTime: '' };

/** The fields as an event's details fill them (editing); the end only when it is not the default two hours. */
export function detailValuesOf(event: EventDetail, timeZone: string): EventDetailValues {
  const start = dayjs(event.datetime);
  const end = dayjs(event.ends_at);
  const defaultEnd = end.diff(start, 'minute') === 120;
  return {
    churchId: event.church_id === null ? '' : String(event.church_id),
    title: event.title ?? '',
    location: event.location ?? '',
    description: event.description ?? '',
    endTime: defaultEnd ? '' : end.tz(timeZone).format('HH:mm'),
  };
}

/** `ends_at` as the API reads it (`2026-12-06T21:00`): the start's day, or the next one when the end is not after the start. */
export function endsAtOf(date: string, startTime: string, endTime: string): string | null {
  if (endTime === '' || !isDayKey(date)) return null;
  return `${endTime > startTime ? date : addDays(date, 1)}T${endTime}`;
}

/** The details of a new event: only what was filled in. */
export function detailsRequestOf(values: EventDetailValues, date: string, startTime: string) {
  const endsAt = endsAtOf(date, startTime, values.endTime);
  return {
    ...(values.churchId === '' ? {} : { church_id: Number(values.churchId) }),
    ...(values.title.trim() === '' ? {} : { title: values.title }),
    ...(values.location.trim() === '' ? {} : { location: values.location }),
    ...(values.description.trim() === '' ? {} : { description: values.description }),
    ...(endsAt === null ? {} : { ends_at: endsAt }),
  };
}

/** The details an edit changed (blank = removed); the end is sent again when it or the start moved. */
export function detailChangesOf(initial: EventDetailValues, values: EventDetailValues, date: string, startTime: string, startMoved: boolean) {
  const text = (value: string) => (value.trim() === '' ? null : value);
  return {
    ...(values.churchId === initial.churchId ? {} : { church_id: values.churchId === '' ? null : Number(values.churchId) }),
    ...(values.title === initial.title ? {} : { title: text(values.title) }),
    ...(values.location === initial.location ? {} : { location: text(values.location) }),
    ...(values.description === initial.description ? {} : { description: text(values.description) }),
    ...(values.endTime === initial.endTime && !(startMoved && values.endTime !== '') ? {} : { ends_at: endsAtOf(date, startTime, values.endTime) }),
  };
}
