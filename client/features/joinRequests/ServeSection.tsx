import { useId } from 'react';
import { MyJoinRequests } from './MyJoinRequests.tsx';
import { ServeRequestForm } from './ServeRequestForm.tsx';
import './JoinRequests.css';

/** "Quero servir" on the teams page (docs/product.md §13): the request form, then my requests and their state. */
export function ServeSection() {
  const headingId = useId();
  return (
    <section className="join-requests" aria-labelledby={headingId}>
      <h2 id={headingId} className="join-requests__title">
        Quero servir
      </h2>
      <p className="join-requests__lead">Escolha a igreja e o departamento em que você serve ou quer servir. Os líderes da equipe recebem seu pedido e respondem.</p>
      <ServeRequestForm />
      <MyJoinRequests />
    </section>
  );
}
