import { useId } from 'react';
import { CatalogItemActions } from './CatalogItemActions.tsx';
import { useDeleteEventTypeMutation, useRenameEventTypeMutation } from './catalogEditApi.ts';
import { CreateForm } from './CreateForm.tsx';
import { useCreateEventTypeMutation, useGetEventTypeListQuery } from './networkAdminApi.ts';

/** The event types (`GET /api/event-types`) and a form to add one (`POST /api/event-types { name }`). */
export function EventTypesSection() {
  const headingId = useId();
  const eventTypes = useGetEventTypeListQuery();
  const [createEventType] = useCreateEventTypeMutation();
  const [renameEventType] = useRenameEventTypeMutation();
  const [deleteEventType] = useDeleteEventTypeMutation();
  return (
    <section className="network-admin__card" aria-labelledby={headingId} id="tipos-de-evento">
      <h2 id={headingId} className="network-admin__subtitle">
        Tipos de evento
      </h2>
      {eventTypes.isLoading ? (
        <p className="network-admin__status">Carregando…</p>
      ) : eventTypes.isError ? (
        <p className="network-admin__status network-admin__status--error" role="alert">
          Não foi possível carregar os tipos de evento.
        </p>
      ) : eventTypes.data && eventTypes.data.length > 0 ? (
        <ul className="network-admin__list" aria-labelledby={headingId}>
          {eventTypes.data.map((eventType) => (
            <li key={eventType.id} className="network-admin__item">
              <span className="network-admin__name">{eventType.name}</span>
              <CatalogItemActions
                what={`o tipo ${eventType.name}`}
                name={eventType.name}
                fields={[{ name: 'name', label: 'Nome do tipo', initial: eventType.name, missing: 'Informe o nome do tipo de evento.' }]}
                onSave={async ({ name = '' }) => {
                  const saved = await renameEventType({ id: eventType.id, name }).unwrap();
                  return `Tipo de evento salvo: ${saved.name}.`;
                }}
                onDelete={async () => {
                  await deleteEventType({ id: eventType.id }).unwrap();
                  return `Tipo de evento excluído: ${eventType.name}.`;
                }}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="network-admin__status">Nenhum tipo de evento cadastrado.</p>
      )}
      <CreateForm
        idPrefix={`${headingId}-new`}
        title="Novo tipo de evento"
        fields={[{ name: 'name', label: 'Nome do tipo', hint: 'Ex.: Culto, Ensaio, Vigília.', missing: 'Informe o nome do tipo de evento.' }]}
        submitLabel="Criar tipo"
        onCreate={async ({ name = '' }) => {
          const eventType = await createEventType({ name }).unwrap();
          return `Tipo de evento criado: ${eventType.name}.`;
        }}
      />
    </section>
  );
}
