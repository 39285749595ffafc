import { useEffect, useId, useRef, type FormEvent } from 'react';
import type { PositionRef } from '../../../shared/schemas/escalas.ts';
import type { Event } from '../../../shared/schemas/events.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { usePublicConfig } from '../../app/publicConfig.ts';
import { eventName } from '../../kit/eventName.ts';
import { EventReadOnlyFields } from '../../kit/EventReadOnlyFields.tsx';
import { eventDateTime } from '../../kit/eventTime.ts';
import { Modal } from '../../kit/Modal.tsx';
import { useSession } from '../../kit/session/useSession.ts';
import { Spinner } from '../../kit/Spinner.tsx';
import { statusShown } from '../../kit/status/statusSlice.ts';
import { TextField } from '../../kit/TextField.tsx';
import { CandidateNotice, candidateLabel } from './CandidateNotice.tsx';
import { MemberUnavailableNotice } from './MemberUnavailableNotice.tsx';
import { PlacePeople } from './PlacePeople.tsx';
import { PositionField } from './PositionField.tsx';
import { ScheduleConflictNotice } from './ScheduleConflictNotice.tsx';
import { UnknownDepartmentHelp } from './UnknownDepartmentHelp.tsx';
import { FORCE_ALLOCATION_LABEL, useAllocationForm } from './useAllocationForm.ts';
import './AllocationForm.css';

export interface LeaderAllocationDialogProps {
  /** The event; with its church (the gap matrix's), that team's members are suggested first. */
  event: Event & { church_id?: number | null };
  onClose: () => void;
  /** The department to allocate at, filled in (the gap matrix's cell): the Member field takes the focus. */
  department?: string;
  /** The position of that department, chosen. */
  position?: PositionRef | null;
}

/**
 * Allocate Member to Event for a leader or an admin (loaded when first needed): the specification's fields
 * and buttons, with suggestions as you type, each marked when the member is unavailable that day or serves close
 * by (shown for the member picked before Submit); Submit saves the allocation, and its errors show here — a
 * schedule conflict or a blocked day with `Alocar mesmo assim`, an unknown department with where to create it.
 * Função offers the department's positions (docs/product.md §8). Opened from a cell of the gap matrix, it says who is
 * already at that place and how they answered, a decline with its reason (PlacePeople).
 */
export function LeaderAllocationDialog({ event, onClose, department, position }: LeaderAllocationDialogProps) {
  const { timeZone } = usePublicConfig();
  const id = useId();
  const dispatch = useAppDispatch();
  const session = useSession();
  const typesDepartment = department === undefined;
  const form = useAllocationForm(event.id, (allocation) => {
    dispatch(
      statusShown({
        text: `${allocation.member.name} escalado(a) em ${allocation.department.name}: ${eventName(event)}, ${eventDateTime(event, timeZone)}.`,
      }),
    );
    onClose();
  }, { department, position, churchId: event.church_id });
  const errorRef = useRef<HTMLDivElement>(null);
  const { error } = form;

  useEffect(() => {
    // The Submit button was disabled during the call: the error takes the focus and is read out.
    if (error) errorRef.current?.focus();
  }, [error]);

  const handleSubmit = (submit: FormEvent<HTMLFormElement>) => {
    submit.preventDefault();
    form.submit();
  };

  return (
    <Modal title="Allocate Member to Event" onClose={onClose}>
      <form className="allocation-form" onSubmit={handleSubmit} noValidate aria-busy={form.busy || undefined}>
        <EventReadOnlyFields event={event} idPrefix={id} timeZone={timeZone} />
        {department !== undefined ? <PlacePeople eventId={event.id} department={department} position={position} /> : null}
        <TextField
          id={`${id}-department`}
          label="Department"
          type="text"
          name="department"
          autoComplete="off"
          list={`${id}-departments`}
          value={form.department}
          onChange={(change) => form.setDepartment(change.target.value)}
          hint="Ex.: Louvor, Mídia, Recepção."
          data-autofocus={typesDepartment || undefined}
        >
          <datalist id={`${id}-departments`}>
            {form.departments.map((option) => (
              <option key={option.id} value={option.name} />
            ))}
          </datalist>
        </TextField>
        <PositionField id={`${id}-position`} departmentId={form.departmentId} value={form.position} onChange={form.setPosition} preselected={position} />
        <TextField
          id={`${id}-member`}
          label="Member"
          type="text"
          name="member"
          autoComplete="off"
          list={`${id}-members`}
          value={form.member}
          onChange={(change) => form.setMember(change.target.value)}
          hint="Digite o nome ou o email e escolha na lista."
          // The hint, and what the leader should know about the member picked (CandidateNotice).
          aria-describedby={`${id}-member-hint ${id}-candidate`}
          data-autofocus={!typesDepartment || undefined}
        >
          <datalist id={`${id}-members`}>
            {form.members.map((member) => (
              <option key={member.id} value={member.email ?? member.name} label={candidateLabel(member)}>
                {candidateLabel(member)}
              </option>
            ))}
          </datalist>
        </TextField>
        <CandidateNotice id={`${id}-candidate`} candidate={form.candidate} timeZone={timeZone} />
        {error?.code === 'schedule_conflict' || error?.code === 'member_unavailable' ? (
          <>
            {error.code === 'member_unavailable' ? (
              <MemberUnavailableNotice ref={errorRef} message={error.message} blockouts={error.blockouts ?? []} />
            ) : (
              <ScheduleConflictNotice ref={errorRef} message={error.message} conflicts={error.conflicts ?? []} timeZone={timeZone} />
            )}
            <button type="button" className="button button--secondary allocation-form__force" onClick={form.forceSubmit} disabled={form.busy}>
              {form.busy ? <Spinner /> : null}
              {FORCE_ALLOCATION_LABEL}
            </button>
          </>
        ) : error ? (
          <div ref={errorRef} className="allocation-form__error" role="alert" tabIndex={-1}>
            <p>{error.message}</p>
            {error.code === 'unknown_department' ? (
              <UnknownDepartmentHelp department={form.department.trim()} isAdmin={session.user?.role === 'admin'} />
            ) : null}
          </div>
        ) : null}
        <div className="allocation-form__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={form.busy}>
            {form.busy ? <Spinner /> : null}
            Submit
          </button>
        </div>
      </form>
    </Modal>
  );
}
