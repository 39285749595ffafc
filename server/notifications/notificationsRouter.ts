import { Router } from 'express';
import { idParamSchema } from '../../shared/schemas/common.ts';
import { preferencesPatchSchema, type WhatsappLinks } from '../../shared/schemas/notifications.ts';
import type { ApiContext } from '../http/apiContext.ts';
import { parseInput } from '../http/parseInput.ts';
import { requireChurchScope, requireLeadership } from '../http/requireLeadership.ts';
import { requireUser } from '../http/requireUser.ts';
import { personalDataViewOf } from '../policy/personalDataView.ts';
import { EventNotFound } from './errors.ts';
import { eventAllocations, findEvent } from './messageQueries.ts';
import { escalaWhatsappText, invitationWhatsappText } from './messages.ts';
import { findPreferences, updatePreferences } from './preferenceQueries.ts';

/** A wa.me link: WhatsApp opens with the text ready, to the number if one is given (digits only). */
const whatsappUrl = (text: string, phone?: string) => `https://wa.me/${phone ? phone.replace(/\D/g, '') : ''}?text=${encodeURIComponent(text)}`;

/** What reaches a member (`/api/me/preferences`), and the leaders' WhatsApp links of an escala. */
export function notificationsRouter({ database, config, now }: ApiContext): Router {
  const router = Router();
  const { db } = database;

  router.get('/api/me/preferences', async (req, res) => {
    const user = requireUser(req);
    res.json(await findPreferences(db, user.id));
  });

  router.patch('/api/me/preferences', async (req, res) => {
    const user = requireUser(req);
    const changes = parseInput(preferencesPatchSchema, req.body);
    res.json(await updatePreferences(db, user.id, changes, now()));
  });

  // WhatsApp without an API (docs/product.md §7): links a leader opens, nothing is sent from here.
  router.get('/api/events/:id/whatsapp', async (req, res) => {
    // Team leaders too (docs/product.md §8), for the events of the churches where they lead a team.
    const { user, scope } = await requireLeadership(db, req);
    const eventId = parseInput(idParamSchema, req.params.id);
    const event = await findEvent(db, eventId);
    if (!event) throw new EventNotFound();
    requireChurchScope(scope, event.church_id);
    const allocations = await eventAllocations(db, eventId);
    const text = escalaWhatsappText(config, event, allocations);
    // A per-member link carries the phone: only for people whose contact the leader may read (docs/product.md §11).
    const view = await personalDataViewOf(db, user);
    const links: WhatsappLinks = {
      escala: { text, url: whatsappUrl(text) },
      members: allocations.flatMap((allocation) =>
        allocation.phone && allocation.status !== 'declined' && view.contactOf(allocation.member.id)
          ? [{ allocation_id: allocation.id, member: allocation.member, url: whatsappUrl(invitationWhatsappText(config, allocation), allocation.phone) }]
          : [],
      ),
    };
    res.json(links);
  });

  return router;
}
