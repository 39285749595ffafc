import { LeaderJoinRequests } from '../../features/joinRequests/LeaderJoinRequests.tsx';
import { ServeSection } from '../../features/joinRequests/ServeSection.tsx';
import { TeamInvitations } from '../../features/teamInvitations/TeamInvitations.tsx';
import { TeamImport } from '../../features/teamImport/TeamImport.tsx';
import { TeamsPage } from '../../kit/network/ManagedTeams.tsx';
import './TeamsRoute.css';

/**
 * /equipes, signed in (docs/product.md §13): a leader's teams. For the chosen team, each feature's section side by side
 * (members and invitations; join requests; …); the sections about all teams at once go under them.
 */
export function TeamsRoute() {
  return (
    <TeamsPage renderTeam={(team) => <TeamInvitations team={team} />}>
      <LeaderJoinRequests />
      <TeamImport />
      <ServeSection />
    </TeamsPage>
  );
}
