import { useId, useState } from 'react';
import { MY_DATA_EXPORT_URL } from './accountDataApi.ts';
import { DeleteAccountDialog } from './DeleteAccountDialog.tsx';

/** "Seus dados" (docs/product.md §11): download everything the portal holds about me, or remove my account. */
export function AccountData() {
  const id = useId();
  const [deleting, setDeleting] = useState(false);
  return (
    <section className="account-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="account-card__title">
        Seus dados
      </h2>
      <p className="account-card__text">
        Baixe um arquivo (JSON) com tudo o que o portal guarda sobre você: conta, preferências, equipes, escalas e respostas, dias
        indisponíveis, sessões, mensagens enviadas e o registro de atividades sobre você.
      </p>
      <div className="account-card__actions">
        <a className="button button--secondary" href={MY_DATA_EXPORT_URL} download>
          Baixar meus dados
        </a>
        <button type="button" className="button account-card__danger" onClick={() => setDeleting(true)}>
          Excluir minha conta
        </button>
      </div>
      {deleting ? <DeleteAccountDialog onClose={() => setDeleting(false)} /> : null}
    </section>
  );
}
