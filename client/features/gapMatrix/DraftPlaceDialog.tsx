import { useId, useRef, useState, type FormEvent } from 'react';
import type { Draft, DraftCandidate, DraftPlace } from '../../../shared/schemas/drafts.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import { usePublicConfig } from '../../app/publicConfig.ts';
import { eventName } from '../../kit/eventName.ts';
import { eventDateTime } from '../../kit/eventTime.ts';
import { DialogForm } from '../../kit/forms/DialogForm.tsx';
import { useBusySubmit } from '../../kit/forms/useBusySubmit.ts';
import { useFormProblems } from '../../kit/forms/useFormProblems.ts';
import { FormField } from '../../kit/FormField.tsx';
import { portalErrorOf } from '../../kit/portalError.ts';
import { statusShown } from '../../kit/status/statusSlice.ts';
import { draftsApi, useGetPlaceCandidatesQuery, usePutDraftPlaceMutation } from './draftsApi.ts';

export interface DraftPlaceDialogProps {
  draft: Draft;
  place: DraftPlace;
  onClose: () => void;
}

/** What keeps someone away, in a few words for the list (the dialog's 409 gives the whole sentence). */
const REFUSAL_WORDS: Record<string, string> = {
  member_unavailable: 'indisponível neste dia',
  schedule_conflict: 'outro serviço no horário',
  already_at_event: 'já neste evento',
  declined_this_event: 'recusou este evento',
  at_monthly_limit: 'no limite do mês',
};

/** `Ana Souza — 2 serviços no período · serviu há 14 dias · indisponível neste dia`: what the draft weighed. */
function candidateText(candidate: DraftCandidate): string {
  const notes = [
    `${candidate.load} ${candidate.load === 1 ? 'serviço' : 'serviços'} no período`,
    candidate.last_served_days === null ? 'ainda não serviu' : `serviu há ${candidate.last_served_days} ${candidate.last_served_days === 1 ? 'dia' : 'dias'}`,
  ];
  if (candidate.refusal) notes.push(REFUSAL_WORDS[candidate.refusal.code] ?? candidate.refusal.message);
  return `${candidate.name} — ${notes.join(' · ')}`;
}

/**
 * A place of the draft (docs/product.md §9): why this person (or why nobody), as the API's sentences; another
 * of the team's eligible people may be proposed instead (`PUT …/places/{id}`), or the place left empty. A person
 * a rule refuses is answered 409 with the rule's pt-BR message, shown here.
 */
export function DraftPlaceDialog({ draft, place, onClose }: DraftPlaceDialogProps) {
  const { timeZone } = usePublicConfig();
  const dispatch = useAppDispatch();
  const fieldId = useId();
  const reasonsId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const selectRef = useRef<HTMLSelectElement>(null);
  const candidates = useGetPlaceCandidatesQuery({ draftId: draft.id, placeId: place.id }, { refetchOnMountOrArgChange: true });
  const [putPlace] = usePutDraftPlaceMutation();
  const { busy, run } = useBusySubmit();
  const [chosen, setChosen] = useState('');
  // A person a rule refuses is the field's problem (the focus goes back to it); any other failure is the form's.
  const problems = useFormProblems<'person'>({ formRef });

  const options = candidates.data ?? [];

  const where = `${place.department.name} — ${place.position?.name ?? 'qualquer função'}`;
  const when = `${eventName(place.event)}, ${eventDateTime(place.event, timeZone)}`;

  const save = async (userId: number | null) => {
    problems.clear();
    try {
      const saved = await run(async () => {
        const answer = await putPlace({ draftId: draft.id, placeId: place.id, userId }).unwrap();
        // The answer is the whole draft: the matrix shows it before the dialog closes on the place.
        await dispatch(draftsApi.util.upsertQueryData('getDraft', draft.id, answer));
        return answer;
      });
      if (!saved) return;
      const name = saved.places.find((entry) => entry.id === place.id)?.user?.name;
      dispatch(statusShown({ text: userId === null || !name ? 'Lugar deixado vazio no rascunho.' : `${name} proposto(a) no rascunho.` }));
      onClose();
    } catch (failure) {
      const refusal = portalErrorOf(failure, 'Não foi possível mudar este lugar. Tente novamente.');
      if (userId !== null && refusal.status === 409 && refusal.code !== 'draft_closed') problems.check({ person: refusal.message });
      else {
        problems.check({}, refusal.message);
        selectRef.current?.focus();
      }
    }
  };

  const handleSubmit = (submit: FormEvent<HTMLFormElement>) => {
    submit.preventDefault();
    if (problems.check(chosen === '' ? { person: 'Escolha uma pessoa da lista.' } : {})) void save(Number(chosen));
  };

  const candidatesHint = candidates.isError
    ? portalErrorOf(candidates.error, 'Não foi possível carregar a equipe.').message
    : candidates.isLoading
      ? 'Carregando a equipe…'
      : options.length === 0
        ? 'Ninguém mais da equipe exerce esta função.'
        : undefined;

  return (
    <DialogForm
      title={place.user ? `Proposta: ${place.user.name}` : 'Por que vazio?'}
      onClose={onClose}
      onSubmit={handleSubmit}
      busy={busy}
      submitLabel={place.user ? 'Trocar' : 'Propor'}
      busyLabel="Salvando…"
      backLabel="Fechar"
      className="draft-place"
      formRef={formRef}
      status={problems.alert}
    >
      <p className="draft-place__where">
        {where} · {when}
      </p>
      {/* The reasons are what the leader opened the place for: the focus starts on them, so they are read first. */}
      <section className="draft-place__reasons" aria-labelledby={reasonsId} tabIndex={-1} data-autofocus>
        <h3 id={reasonsId} className="draft-place__subtitle">
          {place.user ? `Por que ${place.user.name}` : 'Por que ninguém'}
        </h3>
        <ul className="draft-place__reason-list">
          {place.reasons.map((reason, index) => (
            <li key={index}>{reason.message}</li>
          ))}
        </ul>
      </section>
      <FormField id={fieldId} label={place.user ? 'Trocar por' : 'Propor alguém'} hint={candidatesHint} validated error={problems.problemOf('person')}>
        {(control) => (
          <select
            {...control}
            ref={selectRef}
            className="field__input"
            value={chosen}
            onChange={(change) => {
              setChosen(change.target.value);
              problems.clear();
            }}
          >
            <option value="">Escolha uma pessoa</option>
            {options.map((candidate) => (
              <option key={candidate.id} value={String(candidate.id)}>
                {candidateText(candidate)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {place.user ? (
        // Not disabled while a call runs (it would drop the focus): useBusySubmit sends nothing twice.
        <button type="button" className="button button--secondary draft-place__empty" onClick={() => void save(null)}>
          Deixar vazio
        </button>
      ) : null}
    </DialogForm>
  );
}
