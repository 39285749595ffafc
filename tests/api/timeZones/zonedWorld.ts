import { networkWorld, type NetworkWorld } from '../network/networkWorld.ts';
import type { TestDatabase } from '../../support/testDatabases.ts';

/**
 * The network world (APP_TIMEZONE America/Sao_Paulo; Igreja A and B follow it) with two churches of other zones:
 * Manaus (−4) and Rio Branco (−5) — docs/product.md §12.
 */
export interface ZonedWorld extends NetworkWorld {
  manaus: number;
  rioBranco: number;
}

export async function zonedWorld(open: () => Promise<TestDatabase>): Promise<ZonedWorld> {
  const w = await networkWorld(open);
  const church = async (name: string, timezone: string) =>
    (await w.admin.agent.post('/api/churches').send({ name, timezone }).expect(201)).body.id as number;
  return { ...w, manaus: await church('Igreja Manaus', 'America/Manaus'), rioBranco: await church('Igreja Rio Branco', 'America/Rio_Branco') };
}
