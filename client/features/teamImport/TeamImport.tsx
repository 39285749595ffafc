import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import type { TeamImportResult } from '../../../shared/schemas/teamImport.ts';
import { useManagedTeams } from '../../kit/network/ManagedTeams.tsx';
import { portalErrorOf } from '../../kit/portalError.ts';
import { Spinner } from '../../kit/Spinner.tsx';
import { ACTION_LABELS, summaryText } from './importTexts.ts';
import { useImportTeamCsvMutation } from './teamImportApi.ts';
import './TeamImport.css';

type Step = { kind: 'choose' } | { kind: 'preview'; bytes: Uint8Array; fileName: string; result: TeamImportResult } | { kind: 'done'; result: TeamImportResult };

/**
 * "Importar planilha" (docs/product.md §13): the leader chooses a .csv, sees row by row what it would do — whom it
 * invites, whom it adds to a team, and every error with its line and reason — and only "Importar" writes it (the
 * same bytes that were previewed, in one transaction); then what was done. Offered to whoever manages a team.
 */
export function TeamImport() {
  const { teams } = useManagedTeams();
  return teams && teams.length > 0 ? <TeamImportSection /> : null;
}

function TeamImportSection() {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [problem, setProblem] = useState('');
  const [importCsv, call] = useImportTeamCsvMutation();

  // Where the focus goes once the next step is drawn: its heading, or the file chooser again.
  const focusNext = useRef<'step' | 'file' | undefined>(undefined);
  useLayoutEffect(() => {
    if (focusNext.current === 'step') stepHeading.current?.focus();
    else if (focusNext.current === 'file') fileInput.current?.focus();
    focusNext.current = undefined;
  }, [step]);

  const preview = async (event: FormEvent) => {
    event.preventDefault();
    if (call.isLoading) return;
    const file = fileInput.current?.files?.[0];
    if (!file) {
      setProblem('Escolha o arquivo .csv da planilha.');
      fileInput.current?.focus();
      return;
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    const answer = await importCsv({ bytes, dryRun: true });
    if (answer.error) {
      setProblem(portalErrorOf(answer.error, 'Não foi possível ler a planilha. Tente novamente.').message);
      fileInput.current?.focus();
      return;
    }
    setProblem('');
    focusNext.current = 'step';
    setStep({ kind: 'preview', bytes, fileName: file.name, result: answer.data });
  };

  const confirm = async () => {
    if (step.kind !== 'preview' || call.isLoading) return;
    const answer = await importCsv({ bytes: step.bytes, dryRun: false });
    if (answer.error) {
      setProblem(portalErrorOf(answer.error, 'Não foi possível importar a planilha. Nada foi gravado; tente novamente.').message);
      return;
    }
    setProblem('');
    focusNext.current = 'step';
    setStep({ kind: 'done', result: answer.data });
  };

  const restart = () => {
    focusNext.current = 'file';
    setStep({ kind: 'choose' });
    setProblem('');
  };

  return (
    <section className="team-import" aria-labelledby={id}>
      <h2 id={id} className="team-import__title">
        Importar planilha
      </h2>
      {step.kind === 'choose' ? (
        <form className="team-import__form" onSubmit={(event) => void preview(event)} aria-label="Importar planilha" noValidate>
          <p className="team-import__lead">
            Um arquivo .csv com as colunas <strong>nome</strong>, <strong>email</strong>, <strong>igreja</strong>, <strong>departamento</strong> e, se
            quiser, <strong>telefone</strong> e <strong>funcoes</strong> (várias separadas por |). Antes de gravar, você vê o que acontecerá em cada
            linha.
          </p>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-file`}>
              Planilha (.csv)
            </label>
            <input
              ref={fileInput}
              id={`${id}-file`}
              className="field__input team-import__file"
              type="file"
              accept=".csv,text/csv"
              aria-describedby={problem ? `${id}-problem` : undefined}
              aria-invalid={problem ? true : undefined}
              onChange={() => setProblem('')}
            />
          </div>
          {problem && (
            <p id={`${id}-problem`} role="alert" className="team-import__problem">
              {problem}
            </p>
          )}
          <div className="team-import__actions">
            <button type="submit" className="button button--primary" disabled={call.isLoading}>
              {call.isLoading && <Spinner />}
              Ver prévia
            </button>
          </div>
        </form>
      ) : (
        <div className="team-import__step">
          <h3 ref={stepHeading} tabIndex={-1} className="team-import__subtitle">
            {step.kind === 'preview' ? `Prévia de ${step.fileName}` : 'Importação concluída'}
          </h3>
          <p className="team-import__summary">{summaryText(step.result.summary, step.kind === 'preview' ? 'preview' : 'done')}</p>
          {step.kind === 'preview' && (
            <p className="team-import__lead">
              {step.result.summary.invite + step.result.summary.add > 0
                ? 'Nada foi gravado ainda. Confira as linhas e confirme; as linhas com erro serão ignoradas.'
                : 'Nada a importar: corrija a planilha e escolha-a de novo.'}
            </p>
          )}
          {problem && (
            <p role="alert" className="team-import__problem">
              {problem}
            </p>
          )}
          <div className="team-import__actions">
            {step.kind === 'preview' && step.result.summary.invite + step.result.summary.add > 0 && (
              <button type="button" className="button button--primary" disabled={call.isLoading} onClick={() => void confirm()}>
                {call.isLoading && <Spinner />}
                Importar
              </button>
            )}
            <button type="button" className="button button--secondary" disabled={call.isLoading} onClick={restart}>
              {step.kind === 'preview' ? 'Escolher outro arquivo' : 'Importar outra planilha'}
            </button>
          </div>
          <ImportRows result={step.result} mode={step.kind === 'preview' ? 'preview' : 'done'} />
        </div>
      )}
    </section>
  );
}

/** The rows with errors first (line and reason), then every row: line, e-mail and what it does. */
function ImportRows({ result, mode }: { result: TeamImportResult; mode: 'preview' | 'done' }) {
  const failed = result.rows.filter((row) => row.errors.length > 0);
  return (
    <>
      {failed.length > 0 && (
        <>
          <h4 className="team-import__list-title">Linhas com erro</h4>
          <ul className="team-import__errors" aria-label="Linhas com erro">
            {failed.map((row) => (
              <li key={row.line}>
                <strong>Linha {row.line}</strong>
                {row.email && ` (${row.email})`}: {row.errors.map((error) => error.message).join(' ')}
              </li>
            ))}
          </ul>
        </>
      )}
      <h4 className="team-import__list-title">Todas as linhas</h4>
      <div className="team-import__table-box" role="region" aria-label="Linhas da planilha" tabIndex={0}>
        <table className="team-import__table">
          <thead>
            <tr>
              <th scope="col">Linha</th>
              <th scope="col">E-mail</th>
              <th scope="col">{mode === 'preview' ? 'O que será feito' : 'O que foi feito'}</th>
            </tr>
          </thead>
          <tbody>
            {result.rows.map((row) => (
              <tr key={row.line} className={row.errors.length > 0 ? 'team-import__row--error' : undefined}>
                <td>{row.line}</td>
                <td className="team-import__email">{row.email}</td>
                <td>{row.errors.length > 0 ? `Erro: ${row.errors.map((error) => error.message).join(' ')}` : ACTION_LABELS[mode][row.action]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
