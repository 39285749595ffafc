import { Router, type Request } from 'express';
import { idParamSchema } from '../../shared/schemas/common.ts';
import { createInvitationsSchema, createInviteLinkSchema } from '../../shared/schemas/invitations.ts';
import { INVITE_LINK_PARAM, TEAM_INVITE_PATH } from '../../shared/inviteLink.ts';
import { inviteTokenSchema } from '../../shared/schemas/inviteToken.ts';
import type { ApiContext } from '../http/apiContext.ts';
import { notFound } from '../http/httpError.ts';
import { parseInput } from '../http/parseInput.ts';
import { requireLeadership, requireScope } from '../http/requireLeadership.ts';
import { requireUser } from '../http/requireUser.ts';
import { acceptEmailInvitation, cancelInvitation, createEmailInvitations, invitationTeam, listInvitations, previewEmailInvitation, resendInvitation } from './emailInvitations.ts';
import { InvitationNotFound, InviteLinkNotFound } from './errors.ts';
import { findLinkById, listInviteLinks, revokeInviteLink } from './inviteLinkQueries.ts';
import { createInviteLink, joinByInviteLink, previewInviteLink } from './inviteLinks.ts';
import { findTeamNames } from './teamFacts.ts';

/**
 * Getting people into a team (docs/product.md §13): a team's leaders (and admins) make invitation links and invite by
 * e-mail; whoever holds a link reads what it grants and, signed in, joins. A token in a path never acts on a GET.
 */
export function invitationsRouter({ database, config, now }: ApiContext): Router {
  const router = Router();
  const { db } = database;

  /** The team of the path, which the signed-in user must lead (401, 403; 404 for a church or department that is not). */
  async function requireTeamLeader(req: Request) {
    const { user, scope } = await requireLeadership(db, req);
    const churchId = parseInput(idParamSchema, req.params.churchId);
    const departmentId = parseInput(idParamSchema, req.params.departmentId);
    const { church, department } = await findTeamNames(db, churchId, departmentId);
    if (!church) throw notFound('Igreja não encontrada.');
    if (!department) throw notFound('Departamento não encontrado.');
    requireScope(scope, churchId, departmentId);
    return { user, churchId, departmentId };
  }

  /** The page's address with the token: PUBLIC_URL, else the origin the browser used. */
  const pageUrl = (req: Request, param: string) => (token: string) =>
    `${config.publicUrl ?? `${req.protocol}://${req.get('host')}`}${TEAM_INVITE_PATH}?${param}=${token}`;

  /** A token of the path; anything that is not one is no link at all (404). */
  function tokenOf(value: string | undefined, notFoundError: () => Error): string {
    const parsed = inviteTokenSchema.safeParse(value);
    if (!parsed.success) throw notFoundError();
    return parsed.data;
  }

  // ----- Invitation links -----

  router.post('/api/teams/:churchId/:departmentId/invite-links', async (req, res) => {
    const { user, churchId, departmentId } = await requireTeamLeader(req);
    const input = parseInput(createInviteLinkSchema, req.body);
    const link = await createInviteLink(
      db,
      { churchId, departmentId, positions: input.positions, expiresInDays: input.expires_in_days, maxUses: input.max_uses, createdBy: user.id, urlOf: pageUrl(req, INVITE_LINK_PARAM) },
      now(),
    );
    res.status(201).json(link);
  });

  router.get('/api/teams/:churchId/:departmentId/invite-links', async (req, res) => {
    const { churchId, departmentId } = await requireTeamLeader(req);
    res.json(await listInviteLinks(db, churchId, departmentId, now()));
  });

  router.delete('/api/invite-links/:id', async (req, res) => {
    const { scope } = await requireLeadership(db, req);
    const id = parseInput(idParamSchema, req.params.id);
    const link = await findLinkById(db, id);
    if (!link) throw new InviteLinkNotFound();
    requireScope(scope, link.church_id, link.department_id);
    await revokeInviteLink(db, id, now());
    res.status(204).end();
  });

  router.get('/api/invite-links/:token', async (req, res) => {
    const token = tokenOf(req.params.token, () => new InviteLinkNotFound());
    res.json(await previewInviteLink(db, token, now()));
  });

  router.post('/api/invite-links/:token/join', async (req, res) => {
    const user = requireUser(req);
    const token = tokenOf(req.params.token, () => new InviteLinkNotFound());
    res.json(await db.transaction().execute((trx) => joinByInviteLink(trx, token, user.id, now())));
  });

  // ----- E-mail invitations -----

  router.post('/api/teams/:churchId/:departmentId/invitations', async (req, res) => {
    const { user, churchId, departmentId } = await requireTeamLeader(req);
    const input = parseInput(createInvitationsSchema, req.body);
    const created = await db
      .transaction()
      .execute((trx) => createEmailInvitations(trx, { churchId, departmentId, positions: input.positions, people: input.people, invitedBy: user.id, now: now() }));
    res.status(201).json(created);
  });

  router.get('/api/teams/:churchId/:departmentId/invitations', async (req, res) => {
    const { churchId, departmentId } = await requireTeamLeader(req);
    res.json(await listInvitations(db, churchId, departmentId));
  });

  /** The invitation of the path, whose team the signed-in user must lead. */
  async function ledInvitation(req: Request) {
    const { user, scope } = await requireLeadership(db, req);
    const id = parseInput(idParamSchema, req.params.id);
    const invitation = await invitationTeam(db, id);
    requireScope(scope, invitation.church_id, invitation.department_id);
    return { user, id };
  }

  router.delete('/api/invitations/:id', async (req, res) => {
    const { id } = await ledInvitation(req);
    await cancelInvitation(db, id, now());
    res.status(204).end();
  });

  router.post('/api/invitations/:id/resend', async (req, res) => {
    const { user, id } = await ledInvitation(req);
    res.json(await resendInvitation(db, id, user.id, now()));
  });

  // The personal link's page (`/equipe?convite-email=<token>`): read it, and accept it signed in with its address.
  router.get('/api/email-invitations/:token', async (req, res) => {
    const token = tokenOf(req.params.token, () => new InvitationNotFound());
    res.json(await previewEmailInvitation(db, token, now()));
  });

  router.post('/api/email-invitations/:token/accept', async (req, res) => {
    const user = requireUser(req);
    const token = tokenOf(req.params.token, () => new InvitationNotFound());
    res.json(await db.transaction().execute((trx) => acceptEmailInvitation(trx, token, user, now())));
  });

  return router;
}

