import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { dayKeyOf, type DayKey } from '../../../shared/days.ts';
import { formatDay } from '../../../shared/formats.ts';
import type { Blockout } from '../../../shared/schemas/responses.ts';
import { usePublicConfig } from '../../app/publicConfig.ts';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import { portalErrorOf } from '../../kit/portalError.ts';
import { Spinner } from '../../kit/Spinner.tsx';
import { useDeleteBlockoutMutation, useGetBlockoutsQuery } from './availabilityApi.ts';
import { BlockoutForm } from './BlockoutForm.tsx';
import './AvailabilityPage.css';

/** An inclusive range of network days. */
export interface DayRange {
  from: DayKey;
  to: DayKey;
}

/** `22 de novembro de 2026`, or `20 de novembro de 2026 a 25 de novembro de 2026`. */
export function formatRange({ from, to }: DayRange): string {
  return from === to ? formatDay(from) : `${formatDay(from)} a ${formatDay(to)}`;
}

export interface AvailabilityPageProps {
  /** Under each range that is not over: my services in it, with a way to decline them (the escalas' part). */
  renderCovered: (range: DayRange) => ReactNode;
}

/**
 * /disponibilidade, signed in: the day ranges I cannot serve (`/api/me/blockouts`), a form to add one and a
 * way to remove each; under each range, the services of mine it covers. Leaders allocating me on one of these
 * days are told so (the days, never my note).
 */
export function AvailabilityPage({ renderCovered }: AvailabilityPageProps) {
  useDocumentTitle('Minha disponibilidade');
  const { timeZone } = usePublicConfig();
  const [today] = useState(() => dayKeyOf(new Date(), timeZone));
  const titleId = useId();
  const listId = useId();
  const blockouts = useGetBlockoutsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [added, setAdded] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLElement>(null);

  const onAdded = (blockout: Blockout) => {
    setAdded(blockout.id);
    setAnnouncement(`Período adicionado: ${formatRange(blockout)}.`);
  };
  const onRemoved = (blockout: Blockout) => {
    setAnnouncement(`Período removido: ${formatRange(blockout)}.`);
    // The item is gone: keep the focus near where it was.
    listRef.current?.focus();
  };

  return (
    <div className="availability">
      <section className="availability__card" aria-labelledby={titleId}>
        <h1 id={titleId} className="availability__title">
          Minha disponibilidade
        </h1>
        <p className="availability__lead">
          Marque os dias em que você não pode servir. Quem organiza as escalas verá esses dias ao escalar você.
        </p>
        <BlockoutForm today={today} onAdded={onAdded} />
        <p className="visually-hidden" role="status">
          {announcement}
        </p>
      </section>
      <section className="availability__card" aria-labelledby={listId} ref={listRef} tabIndex={-1}>
        <h2 id={listId} className="availability__subtitle">
          Dias marcados
        </h2>
        {blockouts.isLoading ? (
          <p className="availability__status">Carregando…</p>
        ) : blockouts.isError || !blockouts.data ? (
          <p className="availability__status availability__status--error" role="alert">
            Não foi possível carregar seus dias marcados.
          </p>
        ) : blockouts.data.length === 0 ? (
          <p className="availability__status">Nenhum dia marcado.</p>
        ) : (
          <ul className="availability__list" aria-labelledby={listId}>
            {blockouts.data.map((blockout) => (
              <BlockoutItem
                key={blockout.id}
                blockout={blockout}
                justAdded={blockout.id === added}
                covered={blockout.to >= today ? renderCovered({ from: blockout.from, to: blockout.to }) : null}
                onRemoved={() => onRemoved(blockout)}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

interface BlockoutItemProps {
  blockout: Blockout;
  /** Added just now: it takes the focus, so what it covers is read out. */
  justAdded: boolean;
  covered: ReactNode;
  onRemoved: () => void;
}

function BlockoutItem({ blockout, justAdded, covered, onRemoved }: BlockoutItemProps) {
  const [deleteBlockout, { isLoading }] = useDeleteBlockoutMutation();
  const [error, setError] = useState<string | null>(null);
  const item = useRef<HTMLLIElement>(null);
  const range = formatRange(blockout);

  useEffect(() => {
    if (justAdded) item.current?.focus();
  }, [justAdded]);

  const remove = async () => {
    if (isLoading) return;
    setError(null);
    const result = await deleteBlockout(blockout.id);
    if (!result.error) return onRemoved();
    const failure = portalErrorOf(result.error, 'Não foi possível remover. Tente novamente.');
    // 404: removed already (in another tab); the list refreshes either way.
    if (failure.status === 404) onRemoved();
    else setError(failure.message);
  };

  return (
    <li ref={item} className="availability__item" tabIndex={-1} aria-label={range} data-blockout-id={blockout.id}>
      <div className="availability__range">
        <span className="availability__days">{range}</span>
        {blockout.note ? <span className="availability__note">{blockout.note}</span> : null}
        <button
          type="button"
          className="button button--secondary availability__remove"
          aria-label={`Remover ${range}`}
          aria-disabled={isLoading || undefined}
          onClick={() => void remove()}
        >
          {isLoading ? <Spinner /> : null}
          Remover
        </button>
      </div>
      {error ? (
        <p className="availability__status availability__status--error" role="alert">
          {error}
        </p>
      ) : null}
      {covered}
    </li>
  );
}
