import { MapLink } from '../../kit/MapLink.tsx';

/**
 * A signed-in list's line under an event's button: where its church is, with "Ver no mapa" (issue 21, item 4) —
 * outside the button, a link cannot be inside one. Nothing for an event without an address (a visitor's, one of
 * the whole network, or of a church without an address).
 */
export function EventPlaceLine({ address }: { address: string | null }) {
  return address ? (
    <p className="event-list__place">
      {address} · <MapLink address={address} />
    </p>
  ) : null;
}
