import { useEffect, useId, useRef, useState, type Ref } from 'react';
import type { Draft, PublishDraftResponse } from '../../../shared/schemas/drafts.ts';
import { useBusySubmit } from '../../kit/forms/useBusySubmit.ts';
import { portalErrorOf } from '../../kit/portalError.ts';
import { Spinner } from '../../kit/Spinner.tsx';
import { useIdempotencyKey } from '../../kit/useIdempotencyKey.ts';
import { useDiscardDraftMutation, usePublishDraftMutation } from './draftsApi.ts';
import { draftSummaryText, invitationsText } from './draftText.ts';

export interface DraftPanelProps {
  draft: Draft;
  /** The summary line, which takes the focus once the draft is made. */
  summaryRef: Ref<HTMLParagraphElement>;
  onPublished: (result: PublishDraftResponse) => void;
  onDiscarded: () => void;
}

/**
 * The open draft above the matrix (docs/product.md §9): its summary, that nobody is invited before it is
 * published, "Publicar" with the number of invitations it sends (one per filled place) and "Descartar".
 */
export function DraftPanel({ draft, summaryRef, onPublished, onDiscarded }: DraftPanelProps) {
  const titleId = useId();
  const noteId = useId();
  const [publish] = usePublishDraftMutation();
  const [discard] = useDiscardDraftMutation();
  const { busy, run } = useBusySubmit();
  const idempotency = useIdempotencyKey();
  const [problem, setProblem] = useState<string | null>(null);
  const problemRef = useRef<HTMLParagraphElement>(null);
  const { filled } = draft.summary;

  // The buttons were disabled while the call ran, which dropped the focus: a refusal takes it.
  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  const handlePublish = async () => {
    setProblem(null);
    try {
      const result = await run(() => publish({ draftId: draft.id, idempotencyKey: idempotency.keyFor(draft.id) }).unwrap());
      if (!result) return;
      idempotency.succeeded();
      onPublished(result);
    } catch (failure) {
      setProblem(portalErrorOf(failure, 'Não foi possível publicar o rascunho. Tente novamente.').message);
    }
  };

  const handleDiscard = async () => {
    setProblem(null);
    try {
      const done = await run(async () => {
        await discard(draft.id).unwrap();
        return true;
      });
      if (done) onDiscarded();
    } catch (failure) {
      setProblem(portalErrorOf(failure, 'Não foi possível descartar o rascunho. Tente novamente.').message);
    }
  };

  return (
    <section className="draft-panel" aria-labelledby={titleId} aria-busy={busy || undefined}>
      <h2 id={titleId} className="draft-panel__title">
        Rascunho da escala
      </h2>
      <p ref={summaryRef} className="draft-panel__summary" tabIndex={-1}>
        {draftSummaryText(draft.summary)}
      </p>
      {draft.places.length > 0 ? (
        <p className="draft-panel__hint">
          Na matriz, cada nome marcado “Proposta” abre o porquê da escolha e deixa trocar a pessoa; “Por que vazio?” explica um lugar sem ninguém.
        </p>
      ) : null}
      <p id={noteId} className="draft-panel__note">
        Ninguém é convidado antes de você publicar.
      </p>
      <div className="draft-panel__actions">
        <button
          type="button"
          className="button button--primary"
          aria-describedby={noteId}
          disabled={busy || filled === 0}
          onClick={() => void handlePublish()}
        >
          {busy ? <Spinner /> : null}
          Publicar ({invitationsText(filled)})
        </button>
        <button type="button" className="button button--secondary" disabled={busy} onClick={() => void handleDiscard()}>
          Descartar
        </button>
      </div>
      {problem ? (
        <p ref={problemRef} className="draft-panel__error" role="alert" tabIndex={-1}>
          {problem}
        </p>
      ) : null}
    </section>
  );
}
