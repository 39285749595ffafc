import { useId } from 'react';
import { usePublicConfig } from '../../app/publicConfig.ts';
import { MapLink } from '../../kit/MapLink.tsx';
import { useGetChurchesQuery } from '../../kit/network/networkApi.ts';
import { CatalogItemActions } from './CatalogItemActions.tsx';
import { useDeleteChurchMutation, useUpdateChurchMutation } from './catalogEditApi.ts';
import { CreateForm } from './CreateForm.tsx';
import { useCreateChurchMutation } from './networkAdminApi.ts';
import { timeZoneLabel, timeZoneOptions } from './timeZoneOptions.ts';

const ZONE_LABEL = 'Fuso horário';
const ADDRESS_FIELD = { name: 'address', label: 'Endereço', hint: 'Opcional. Rua, número, bairro e cidade: o link do mapa é feito com ele.' };
const TIMES_FIELD = { name: 'service_times', label: 'Horários de culto', hint: 'Opcional. Ex.: Domingos 10h e 19h; quartas 20h.' };

/**
 * The network's churches (`GET /api/churches`) and a form to add one (`POST /api/churches { name, city, timezone,
 * address, service_times }`): each church's services are at its own zone's clock, the network's by default
 * (docs/product.md §12); where it is (with its map) and when it meets, when given (issue 21, item 4).
 */
export function ChurchesSection() {
  const { timeZone } = usePublicConfig();
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
              <span className="network-admin__detail">{timeZoneLabel(church.timezone)}</span>
              {church.address ? (
                // A paragraph: its map link is inline in the text (WCAG 2.5.5's inline exception on a phone).
                <p className="network-admin__detail network-admin__place">
                  {church.address} · <MapLink address={church.address} />
                </p>
              ) : null}
              {church.service_times ? <span className="network-admin__detail">Cultos: {church.service_times}</span> : null}
              <CatalogItemActions
                what={`a igreja ${church.name}`}
                name={church.name}
                fields={[
                  { name: 'name', label: 'Nome da igreja', initial: church.name, missing: 'Informe o nome da igreja.' },
                  { name: 'city', label: 'Cidade', initial: church.city ?? '', hint: 'Opcional.' },
                  {
                    name: 'timezone',
                    label: ZONE_LABEL,
                    initial: church.timezone,
                    options: timeZoneOptions(timeZone, church.timezone),
                    hint: 'Os eventos já marcados ficam no mesmo instante e passam a ser mostrados no novo fuso.',
                  },
                  { ...ADDRESS_FIELD, initial: church.address ?? '' },
                  { ...TIMES_FIELD, initial: church.service_times ?? '' },
                ]}
                onSave={async ({ name = '', city = '', timezone = church.timezone, address = '', service_times = '' }) => {
                  // Sends only what changed of the zone, the address and the times (an empty one clears it).
                  const saved = await updateChurch({
                    id: church.id,
                    name,
                    city,
                    ...(timezone === church.timezone ? {} : { timezone }),
                    ...(address === (church.address ?? '') ? {} : { address }),
                    ...(service_times === (church.service_times ?? '') ? {} : { service_times }),
                  }).unwrap();
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
          { name: 'timezone', label: ZONE_LABEL, initial: timeZone, options: timeZoneOptions(timeZone), hint: 'O horário dos cultos desta igreja.' },
          ADDRESS_FIELD,
          TIMES_FIELD,
        ]}
        submitLabel="Criar igreja"
        onCreate={async ({ name = '', city = '', timezone = timeZone, address = '', service_times = '' }) => {
          // Omitted, the API takes the network's zone (docs/api.md), and no address or times.
          const church = await createChurch({
            name,
            city: city === '' ? null : city,
            ...(timezone === timeZone ? {} : { timezone }),
            ...(address === '' ? {} : { address }),
            ...(service_times === '' ? {} : { service_times }),
          }).unwrap();
          return `Igreja criada: ${church.name}.`;
        }}
      />
    </section>
  );
}
