import { useGetChurchesQuery } from './networkApi.ts';

/**
 * The zone of each church by id (`GET /api/churches`), for a read whose events name their church but not their zone
 * (docs/product.md §12): undefined for a whole-network event, an unknown church, or while the churches load — the
 * network's zone then applies (eventZoneOf). `needed` false asks nothing.
 */
export function useChurchZones(needed: boolean): (churchId: number | null | undefined) => string | undefined {
  const churches = useGetChurchesQuery(undefined, { skip: !needed });
  return (churchId) => (churchId == null ? undefined : churches.data?.find((church) => church.id === churchId)?.timezone);
}
