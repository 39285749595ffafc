import './LoadFailed.css';

export interface LoadFailedProps {
  /** What could not be loaded, in pt-BR: `Não foi possível carregar os eventos.` */
  message: string;
  /** Asks again. */
  onRetry: () => void;
  /** The call is running again: the button waits. */
  retrying?: boolean;
}

/**
 * A signed-in screen whose data could not be loaded says so, with `Tentar de novo` — instead of looking empty
 * (`Nenhum evento`). A visitor's screens keep the specification's silence (a console line only).
 */
export function LoadFailed({ message, onRetry, retrying = false }: LoadFailedProps) {
  return (
    <div className="load-failed" role="alert">
      <p className="load-failed__text">{message}</p>
      <button type="button" className="button button--secondary" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Tentando…' : 'Tentar de novo'}
      </button>
    </div>
  );
}
