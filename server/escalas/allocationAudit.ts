import type { AllocationSource } from '../db/schema.ts';

/** What the audit log keeps of an allocation (docs/product.md §11): ids and its source, never its reason. */
export function allocationDetails(allocation: {
  id: number;
  event_id: number;
  department_id: number;
  position_id: number | null;
  source: AllocationSource;
}) {
  return {
    allocation_id: allocation.id,
    event_id: allocation.event_id,
    department_id: allocation.department_id,
    position_id: allocation.position_id,
    source: allocation.source,
  };
}
