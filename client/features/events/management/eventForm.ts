import { isDayKey, weekdayOf, type DayKey } from '../../../../shared/days.ts';
import type { RepeatRuleInput } from '../../../../shared/schemas/eventManagement.ts';

/** What the type, date and time fields hold (the type as the select's value: '' is "Sem tipo"). */
export interface EventFieldValues {
  typeId: string;
  date: string;
  time: string;
}

export type RepeatFrequency = 'none' | 'weekly' | 'monthly';
export type RepeatEnd = 'until' | 'count';

/** What the repeat fields hold. `nth` is '' until the leader picks one: then the date's own position is used. */
export interface RepeatFieldValues {
  freq: RepeatFrequency;
  interval: string;
  nth: string;
  end: RepeatEnd;
  until: string;
  count: string;
}

export const NO_REPEAT: RepeatFieldValues = { freq: 'none', interval: '1', nth: '', end: 'count', until: '', count: '' };

export type FieldName = 'type' | 'date' | 'time' | 'interval' | 'nth' | 'until' | 'count';
export type FieldErrors = Partial<Record<FieldName, string>>;

/**
 * The fields whose problem goes once the leader changed these values (a changed field's message goes until the
 * next submit); a new date may also settle an end date that came before it.
 */
export function fieldsSettledBy(errors: FieldErrors, changed: object): FieldName[] {
  const names: Record<string, FieldName | undefined> = { typeId: 'type', date: 'date', time: 'time', interval: 'interval', nth: 'nth', until: 'until', count: 'count' };
  const settled = Object.keys(changed).flatMap((key) => names[key] ?? []);
  if ('date' in changed && errors.until === MESSAGES.untilBeforeStart) settled.push('until');
  return settled;
}

export const MAX_COUNT = 200;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const WHOLE_NUMBER = /^\d+$/;

export const MESSAGES = {
  dateRequired: 'Informe a data.',
  dateInvalid: 'Informe uma data válida.',
  timeRequired: 'Informe a hora.',
  timeInvalid: 'Informe uma hora válida, como 19:30.',
  interval: 'O intervalo deve ser de 1 a 4 semanas.',
  untilRequired: 'Informe até que data repetir.',
  untilInvalid: 'Informe uma data final válida.',
  untilBeforeStart: 'A data final não pode ser antes da data do evento.',
  countRequired: 'Informe quantas vezes o evento acontece.',
  countRange: `Informe um número de 1 a ${MAX_COUNT}.`,
  nothingChanged: 'Nada foi alterado: mude a data, a hora ou o tipo.',
} as const;

export function validateEventFields(values: EventFieldValues): FieldErrors {
  const errors: FieldErrors = {};
  if (values.date === '') errors.date = MESSAGES.dateRequired;
  else if (!isDayKey(values.date)) errors.date = MESSAGES.dateInvalid;
  if (values.time === '') errors.time = MESSAGES.timeRequired;
  else if (!TIME.test(values.time)) errors.time = MESSAGES.timeInvalid;
  return errors;
}

export function validateRepeat(repeat: RepeatFieldValues, date: string): FieldErrors {
  const errors: FieldErrors = {};
  if (repeat.freq === 'none') return errors;
  if (repeat.freq === 'weekly') {
    const interval = Number(repeat.interval);
    if (!WHOLE_NUMBER.test(repeat.interval) || interval < 1 || interval > 4) errors.interval = MESSAGES.interval;
  }
  if (repeat.end === 'until') {
    if (repeat.until === '') errors.until = MESSAGES.untilRequired;
    else if (!isDayKey(repeat.until)) errors.until = MESSAGES.untilInvalid;
    else if (isDayKey(date) && repeat.until < date) errors.until = MESSAGES.untilBeforeStart;
  } else {
    const count = Number(repeat.count);
    if (repeat.count === '') errors.count = MESSAGES.countRequired;
    else if (!WHOLE_NUMBER.test(repeat.count) || count < 1 || count > MAX_COUNT) errors.count = MESSAGES.countRange;
  }
  return errors;
}

/** The wall-clock date-time in the network timezone, as the API reads it: `2026-12-06T19:30`. */
export function localDateTime(values: Pick<EventFieldValues, 'date' | 'time'>): string {
  return `${values.date}T${values.time}`;
}

export function eventTypeIdOf(typeId: string): number | null {
  return typeId === '' ? null : Number(typeId);
}

/** 1–4 for the first to fourth such weekday of its month; -1 for a fifth one (it is also the last). */
export function nthOfDate(date: DayKey): number {
  const position = Math.ceil(Number(date.slice(8, 10)) / 7);
  return position > 4 ? -1 : position;
}

export function repeatRuleOf(repeat: RepeatFieldValues, date: DayKey): RepeatRuleInput | undefined {
  if (repeat.freq === 'none') return undefined;
  const end = repeat.end === 'until' ? { until: repeat.until } : { count: Number(repeat.count) };
  if (repeat.freq === 'weekly') return { freq: 'weekly', interval: Number(repeat.interval), ...end };
  const nth = repeat.nth !== '' ? Number(repeat.nth) : isDayKey(date) ? nthOfDate(date) : 1;
  return { freq: 'monthly', nth: nth as 1 | 2 | 3 | 4 | -1, ...end };
}

const weekdayFormat = new Intl.DateTimeFormat('pt-BR', { weekday: 'long', timeZone: 'UTC' });

/** `quarta-feira`, `domingo`: the weekday of a calendar day. */
export function weekdayName(date: DayKey): string {
  return weekdayFormat.format(new Date(`${date}T12:00:00Z`));
}

/** `Toda quarta-feira, no mesmo horário.`, `A cada 2 semanas, no domingo.` */
export function weeklyHint(date: DayKey, interval: string): string {
  const masculine = [0, 6].includes(weekdayOf(date));
  const name = weekdayName(date);
  const weeks = Number(interval);
  if (WHOLE_NUMBER.test(interval) && weeks >= 2 && weeks <= 4) return `A cada ${weeks} semanas, ${masculine ? 'no' : 'na'} ${name}.`;
  return `${masculine ? 'Todo' : 'Toda'} ${name}, no mesmo horário.`;
}

export const NTH_VALUES = [1, 2, 3, 4, -1] as const;

/** `2ª quarta-feira do mês`, `Último domingo do mês`; without a date, `2ª do mês`. */
export function nthLabel(nth: number, date: string): string {
  if (!isDayKey(date)) return nth === -1 ? 'Última do mês' : `${nth}ª do mês`;
  const weekday = weekdayOf(date);
  const masculine = weekday === 0 || weekday === 6;
  const name = weekdayName(date);
  if (nth === -1) return `${masculine ? 'Último' : 'Última'} ${name} do mês`;
  return `${nth}${masculine ? 'º' : 'ª'} ${name} do mês`;
}

/** The API's names in `fields` of the event forms' fields (useFormProblems). */
export const EVENT_API_FIELDS: Readonly<Record<string, FieldName>> = {
  datetime: 'date',
  event_type_id: 'type',
  'repeat.interval': 'interval',
  'repeat.nth': 'nth',
  'repeat.until': 'until',
  'repeat.count': 'count',
};

/** What an event form says of a failed call that is no API error. */
export const EVENT_FORM_FALLBACK = 'Algo deu errado. Tente de novo em instantes.';

/** `1 pessoa escalada`, `3 pessoas escaladas`. */
export function allocationCountText(count: number): string {
  return count === 1 ? '1 pessoa escalada' : `${count} pessoas escaladas`;
}
