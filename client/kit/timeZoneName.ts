import { BRAZILIAN_TIME_ZONES, zoneCityName } from '../../shared/timeZones.ts';

/** A zone as a sentence names it: Brazil's four as people know them (`Horário do Amazonas`), others by city (`Horário de Lisboa`). */
export function timeZoneName(zone: string): string {
  return BRAZILIAN_TIME_ZONES.find((brazilian) => brazilian.id === zone)?.name ?? `Horário de ${zoneCityName(zone)}`;
}
