import { useId } from 'react';
import { useGetChurchesQuery } from '../../kit/network/networkApi.ts';
import { CatalogItemActions } from './CatalogItemActions.tsx';
import { useDeleteChurchMutation, useUpdateChurchMutation } from './catalogEditApi.ts';
import { CreateForm } from './CreateForm.tsx';
import { useCreateChurchMutation } from './networkAdminApi.ts';

/** The network's churches (`GET /api/churches`) and a form to add one (`POST /api/churches { name, city }`). */
export function ChurchesSection() {
  const headingId = useId();
  const churches = useGetChurchesQuery();
  const [createChurch] = useCreateChurchMutation();
  const [updateChurch] = useUpdateChurchMutation();
  const [deleteChurch] = useDeleteChurchMutation();
  return (
    <section className="network-admin__card" aria-labelledby={headingId} id="igrejas">
      <h2 id={headingId} className="network-admin__subtitle">
        Igrejas
      </h2>
      {churches.isLoading ? (
        <p className="network-admin__status">Carregando…</p>
      ) : churches.isError ? (
        <p className="network-admin__status network-admin__status--error" role="alert">
          Não foi possível carregar as igrejas.
        </p>
      ) : churches.data && churches.data.length > 0 ? (
        <ul className="network-admin__list" aria-labelledby={headingId}>
          {churches.data.map((church) => (
            <li key={church.id} className="network-admin__item">
              <span className="network-admin__name">{church.name}</span>
              {church.city ? <span className="network-admin__detail">{church.city}</span> : null}
              <CatalogItemActions
                what={`a igreja ${church.name}`}
                name={church.name}
                fields={[
                  { name: 'name', label: 'Nome da igreja', initial: church.name, missing: 'Informe o nome da igreja.' },
                  { name: 'city', label: 'Cidade', initial: church.city ?? '', hint: 'Opcional.' },
                ]}
                onSave={async ({ name = '', city = '' }) => {
                  const saved = await updateChurch({ id: church.id, name, city }).unwrap();
                  return `Igreja salva: ${saved.name}.`;
                }}
                onDelete={async () => {
                  await deleteChurch({ id: church.id }).unwrap();
                  return `Igreja excluída: ${church.name}.`;
                }}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="network-admin__status">Nenhuma igreja cadastrada.</p>
      )}
      <CreateForm
        idPrefix={`${headingId}-new`}
        title="Nova igreja"
        fields={[
          { name: 'name', label: 'Nome da igreja', missing: 'Informe o nome da igreja.' },
          { name: 'city', label: 'Cidade', hint: 'Opcional.' },
        ]}
        submitLabel="Criar igreja"
        onCreate={async ({ name = '', city = '' }) => {
          const church = await createChurch({ name, city: city === '' ? null : city }).unwrap();
          return `Igreja criada: ${church.name}.`;
        }}
      />
    </section>
  );
}
