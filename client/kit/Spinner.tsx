import './Spinner.css';

/** A small turning circle for a button whose call is running; the button's own text names it. */
export function Spinner() {
  return <span className="spinner" aria-hidden="true" />;
}
