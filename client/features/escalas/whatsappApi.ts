import type { WhatsappLinks } from '../../../shared/schemas/notifications.ts';
import { api } from '../../app/api.ts';

export const whatsappApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * `GET /api/events/{id}/whatsapp` (leaders): the escala as WhatsApp text, and each member with a phone their
     * invitation. `escala` names the event's allocations and answers as the page shows them, so a change there
     * asks again.
     */
    getWhatsappLinks: build.query<WhatsappLinks, { eventId: number; escala: string }>({
      query: ({ eventId }) => `events/${eventId}/whatsapp`,
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useGetWhatsappLinksQuery } = whatsappApi;
