import { signedInAgent, type SignedIn } from '../../support/authAgent.ts';
import type { TestDatabase } from '../../support/testDatabases.ts';
import { createNetworkEvent, networkWorld, type NetworkWorld } from '../network/networkWorld.ts';

/** The network world of the API tests, plus a team A/Louvor whose people (Vocal) may take or not take a place. */
export interface CoverWorld extends NetworkWorld {
  join(person: SignedIn, positions: number[]): Promise<void>;
  person(name: string, positions?: number[]): Promise<SignedIn>;
  /** An event of church A at `datetime` (2 h long). */
  event(datetime: string): Promise<number>;
  /** The admin places `person` at the event in Louvor (Vocal unless said). */
  allocate(eventId: number, person: SignedIn, position?: number | null): Promise<number>;
}

export async function coverWorld(open: () => Promise<TestDatabase>, env: Record<string, string> = {}): Promise<CoverWorld> {
  const w = await networkWorld(open, env);
  const join = async (person: SignedIn, positions: number[]) => {
    await w.admin.agent.put(`/api/teams/${w.churchA}/${w.louvor}/members/${person.user.id}`).send({ positions }).expect(200);
  };
  return {
    ...w,
    join,
    async person(name, positions) {
      const person = await signedInAgent(w.t.app, w.t.database, { name });
      if (positions) await join(person, positions);
      return person;
    },
    event: (datetime) => createNetworkEvent(w.admin.agent, { datetime, church_id: w.churchA }),
    async allocate(eventId, person, position) {
      const res = await w.admin.agent
        .post(`/api/events/${eventId}/allocations`)
        .send({ department: w.louvor, member: person.user.id, position: position === undefined ? w.vocal : position, force: true });
      if (res.status !== 201) throw new Error(`allocate: ${res.status} ${res.text}`);
      return (res.body as { id: number }).id;
    },
  };
}
