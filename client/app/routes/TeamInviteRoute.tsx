import { JoinTeamPage } from '../../features/teamInvitations/JoinTeamPage.tsx';

/** /equipe, for everyone: the page of a team's invitation link or of an e-mail invitation (docs/product.md §13). */
export function TeamInviteRoute() {
  return <JoinTeamPage />;
}
