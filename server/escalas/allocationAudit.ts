import type { AllocationSource, Instant } from '../db/schema.ts';

/**
 * What the audit log keeps of an allocation (docs/product.md §11): ids, its event's start (the log reads "no
 * evento de 05/03/2030 19:00" after the event is gone) and its source — never its reason.
 */
export function allocationDetails(
  allocation: { id: number; event_id: number; department_id: number; position_id: number | null; source: AllocationSource },
  eventAt: Instant | null,
) {
  return {
    allocation_id: allocation.id,
    event_id: allocation.event_id,
    event_at: eventAt,
    department_id: allocation.department_id,
    position_id: allocation.position_id,
    source: allocation.source,
  };
}
