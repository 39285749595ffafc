import { EmailInvitations } from './EmailInvitations.tsx';
import { InviteLinks } from './InviteLinks.tsx';
import { TeamRoster } from './TeamRoster.tsx';
import './TeamInvitations.css';

/** The team a section is about, by id and name. */
export interface InvitedTeam {
  churchId: number;
  churchName: string;
  departmentId: number;
  departmentName: string;
}

/** A team's people and how to bring more in (docs/product.md §13): its members, its invitation links, its e-mail invitations. */
export function TeamInvitations({ team }: { team: InvitedTeam }) {
  return (
    <>
      <TeamRoster team={team} />
      <InviteLinks team={team} />
      <EmailInvitations team={team} />
    </>
  );
}
