import { usePublicConfig } from '../../../app/publicConfig.ts';
import { useGetChurchesQuery } from '../../../kit/network/networkApi.ts';

/**
 * The zone an event's typed time is in (docs/product.md §12): its church's (`churchId` as the form's select holds
 * it), the network's for a whole-network event — and while the churches load.
 */
export function useChurchZone(churchId: string): string {
  const { timeZone } = usePublicConfig();
  const churches = useGetChurchesQuery(undefined, { skip: churchId === '' });
  if (churchId === '') return timeZone;
  return churches.data?.find((church) => String(church.id) === churchId)?.timezone ?? timeZone;
}
