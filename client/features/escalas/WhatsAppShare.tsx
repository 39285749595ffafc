import type { Allocation } from '../../../shared/schemas/escalas.ts';
import { useGetWhatsappLinksQuery } from './whatsappApi.ts';
import './WhatsAppShare.css';

export const SHARE_LABEL = 'Compartilhar no WhatsApp';

export interface WhatsAppShareProps {
  eventId: number;
  /** The event's allocations as the Leader View shows them. */
  allocations: readonly Allocation[];
}

/**
 * WhatsApp without an API (docs/product.md §7): "Compartilhar no WhatsApp" opens WhatsApp with the event's escala as
 * text (event, date, departments, people and answers), to paste in the ministry's group; and, for each member who
 * gave a mobile number, a link that opens a chat with them holding their invitation. Nothing is sent from here.
 */
export function WhatsAppShare({ eventId, allocations }: WhatsAppShareProps) {
  const escala = allocations.map((allocation) => `${allocation.id}:${allocation.status}`).join(',');
  const { data } = useGetWhatsappLinksQuery({ eventId, escala });
  if (!data) return null;
  return (
    <div className="whatsapp-share">
      <a className="button button--secondary button--small whatsapp-share__escala" href={data.escala.url} target="_blank" rel="noopener noreferrer">
        {SHARE_LABEL}
      </a>
      {data.members.length > 0 ? (
        <ul className="whatsapp-share__members" aria-label="Convites pelo WhatsApp">
          {data.members.map((link) => (
            <li key={link.allocation_id}>
              <a href={link.url} target="_blank" rel="noopener noreferrer">
                Convite para {link.member.name} no WhatsApp
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
