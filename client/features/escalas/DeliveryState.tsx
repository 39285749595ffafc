import type { DeliveryState as Delivery } from '../../../shared/schemas/escalas.ts';
import './DeliveryState.css';

/** How the last e-mail about an allocation went, as a leader reads it (docs/product.md §7). */
export const DELIVERY_LABELS: Record<Delivery, string> = {
  queued: 'e-mail na fila',
  sent: 'e-mail enviado',
  failed: 'e-mail não entregue',
  opted_out: 'não recebe e-mails',
};

/** Beside an allocation in the Leader View; nothing when no message was ever queued. */
export function DeliveryState({ delivery }: { delivery: Delivery | null | undefined }) {
  if (!delivery) return null;
  return <span className={`event-allocations__delivery event-allocations__delivery--${delivery}`}>{DELIVERY_LABELS[delivery]}</span>;
}
