import { mapLink } from '../../shared/mapLink.ts';
import './MapLink.css';

/** "Ver no mapa": the address on Google Maps, in a new tab (said to screen readers), sending no Referer. */
export function MapLink({ address }: { address: string }) {
  return (
    <a className="map-link" href={mapLink(address)} target="_blank" rel="noopener noreferrer">
      Ver no mapa{' '}
      <span className="visually-hidden">(abre em nova aba)</span>
    </a>
  );
}
