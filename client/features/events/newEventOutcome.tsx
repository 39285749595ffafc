import { useEffect, useRef, useState, type ReactNode } from 'react';
import { dayKeyOf, type DayKey } from '../../../shared/days.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { usePublicConfig } from '../../app/publicConfig.ts';
import { eventZoneOf, type TimedEvent } from '../../kit/eventTime.ts';
import { statusDismissed } from '../../kit/status/statusSlice.ts';
import { createdOutsideShown } from './eventsSlice.ts';
import { isInWindow, useShownEventsWindow } from './shownWindow.ts';

/** The question a date in the past asks before the event is saved. */
export const PAST_DATE_QUESTION = 'Essa data já passou. Criar mesmo assim?';

/**
 * After `Novo evento` saved: when the new event's day is outside the two months the calendars show, the page
 * says where it went and offers to go there (CreatedOutsideNotice), in place of the shell's status line, which
 * would say the same without the way there. Call with the API's answer, after that status line.
 */
export function useCreatedEventPlacement(): (created: TimedEvent) => void {
  const { timeZone } = usePublicConfig();
  const { eventsWindow } = useShownEventsWindow();
  const dispatch = useAppDispatch();
  return (created) => {
    const day = dayKeyOf(created.datetime, eventZoneOf(created, timeZone));
    const outside = !isInWindow(eventsWindow, day);
    if (outside) dispatch(statusDismissed());
    dispatch(createdOutsideShown(outside ? day : null));
  };
}

export interface PastDateConfirmation {
  /**
   * Whether a form with this date may be sent now: yes for today or later; for a past day, no the first time
   * (the question shows), yes when asked again with the same day.
   */
  mayCreate: (date: DayKey) => boolean;
  /** The question, inside the form, while it waits for an answer; null otherwise. */
  question: ReactNode;
}

/**
 * `Essa data já passou. Criar mesmo assim?` before an event is created on a day before today (in `zone`, the
 * event's: the network's by default; read at the submit). Its `Criar mesmo assim` button submits the form again,
 * which then goes ahead.
 */
export function usePastDateConfirmation(date: string, submitLabel = 'Criar mesmo assim', zone?: string): PastDateConfirmation {
  const { timeZone } = usePublicConfig();
  const todayZone = zone ?? timeZone;
  const [askedFor, setAskedFor] = useState<DayKey | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const mayCreate = (day: DayKey) => {
    if (day === '' || day >= dayKeyOf(new Date(), todayZone)) return true;
    if (askedFor === day) return true;
    setAskedFor(day);
    return false;
  };
  // The question is the next thing to answer: its button takes the focus once it is drawn.
  useEffect(() => {
    if (askedFor !== null) button.current?.focus();
  }, [askedFor]);
  const question =
    askedFor !== null && askedFor === date ? (
      <div className="past-date-question" role="alert">
        <p className="past-date-question__text">{PAST_DATE_QUESTION}</p>
        <button ref={button} type="submit" className="button button--primary">
          {submitLabel}
        </button>
      </div>
    ) : null;
  return { mayCreate, question };
}
