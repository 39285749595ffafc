import { forwardRef } from 'react';
import type { BlockedRange } from '../../../shared/schemas/escalas.ts';
import { formatBlockedRange } from './blockedRange.ts';

export interface MemberUnavailableNoticeProps {
  /** The API's message: `Ana Souza marcou indisponibilidade no dia deste evento.` */
  message: string;
  blockouts: readonly BlockedRange[];
}

/** `409 member_unavailable`: the member blocked the event's day; the ranges, never the member's note. */
export const MemberUnavailableNotice = forwardRef<HTMLDivElement, MemberUnavailableNoticeProps>(function MemberUnavailableNotice(
  { message, blockouts },
  ref,
) {
  return (
    <div ref={ref} className="allocation-form__error allocation-form__error--conflict" role="alert" tabIndex={-1}>
      <p className="allocation-form__error-title">Membro indisponível</p>
      <p>{message}</p>
      <ul className="allocation-form__conflicts">
        {blockouts.map((range) => (
          <li key={`${range.from}-${range.to}`}>Indisponível {formatBlockedRange(range)}</li>
        ))}
      </ul>
    </div>
  );
});
