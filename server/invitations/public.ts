// What other resources may use of invitations, the owner of `invite_links`, `invite_link_positions`,
// `invite_link_joins`, `invitations` and `invitation_positions` (server/README.md, docs/product.md §13): e-mail
// invitations made in another resource's transaction (the spreadsheet import), a registration that joins a team
// through a link or accepts an e-mail invitation in its own transaction, what an invitation's e-mail says, and the
// invitations to an address whose account is removed and those the account made, and those past retention
// (docs/product.md §11).
export { acceptEmailInvitation, createEmailInvitations, invitationMessageFacts, type CreateEmailInvitations, type InvitationMessageFacts } from './emailInvitations.ts';
export { joinByInviteLink } from './inviteLinks.ts';
export { eraseInvitationsBefore, forgetInvitationsTo, forgetMakerOf } from './invitationQueries.ts';
