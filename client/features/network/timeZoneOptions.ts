import { BRAZILIAN_TIME_ZONES, zoneCityName } from '../../../shared/timeZones.ts';
import type { FieldOption } from './ChoiceField.tsx';

/** The group of the zones beyond Brazil's four. */
export const OTHER_ZONES_GROUP = 'Outros fusos';

/** A zone as Gestão da rede names it: Brazil's by the names people know (`Horário do Amazonas`), others by city and IANA name. */
export function timeZoneLabel(zone: string): string {
  return BRAZILIAN_TIME_ZONES.find((brazilian) => brazilian.id === zone)?.name ?? `${zoneCityName(zone)} (${zone})`;
}

let options: FieldOption[] | undefined;

/**
 * A church's zone choices (docs/product.md §12): Brazil's four first by name, then every other IANA zone the
 * browser knows under "Outros fusos"; `present` (the network's zone, the church's current one) are always there.
 */
export function timeZoneOptions(...present: string[]): FieldOption[] {
  if (!options) {
    const brazilian = new Set<string>(BRAZILIAN_TIME_ZONES.map((zone) => zone.id));
    const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    options = [
      ...BRAZILIAN_TIME_ZONES.map((zone) => ({ value: zone.id, label: zone.name })),
      ...known.filter((zone) => !brazilian.has(zone)).map((zone) => ({ value: zone, label: timeZoneLabel(zone), group: OTHER_ZONES_GROUP })),
    ];
  }
  const listed = options;
  const missing = [...new Set(present)].filter((zone) => !listed.some((option) => option.value === zone));
  return missing.length === 0 ? listed : [...listed, ...missing.map((zone) => ({ value: zone, label: timeZoneLabel(zone), group: OTHER_ZONES_GROUP }))];
}
