/** An event's day and time as a status message says it: `7 de dezembro de 2026 às 19:30` (no seconds). */
export function eventWhen(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeStyle: 'short', timeZone }).format(new Date(iso));
}
