import { dayKeyOf } from '../../shared/dayKey.ts';
import type { DraftReason } from '../../shared/schemas/drafts.ts';
import { eventTimeZone, formatZonedShortDateTime } from '../../shared/timeZones.ts';
import type { DraftEvent, DraftFacts, OpenSlot, Service } from './draftFacts.ts';
import { solveDraft, type SolverCandidate, type SolverPerson, type SolverSlot } from './solveDraft.ts';

const DAY_MS = 86_400_000;
/** The weight of someone who never served: above any real number of days. */
const NEVER_SERVED_DAYS = 36_500;

/** One place of a draft: the slot it belongs to, the person proposed (or none) and why. */
export interface PlannedPlace {
  slot: OpenSlot;
  userId: number | null;
  reasons: DraftReason[];
}

export interface PlanSettings {
  timeZone: string;
  bufferMinutes: number;
}

/** What keeps a person from a place, before any pick: the first rule they break, in the order a leader asks. */
type Refusal = DraftReason;

const monthOf = (instant: string | number, timeZone: string) => dayKeyOf(instant, timeZone).slice(0, 7);

export class DraftRules {
  constructor(
    private readonly facts: DraftFacts,
    private readonly settings: PlanSettings,
  ) {}

  private get bufferMs() {
    return this.settings.bufferMinutes * 60_000;
  }

  name(userId: number): string {
    return this.facts.names.get(userId) ?? 'Pessoa';
  }

  eventText(event: { type: string | null; churchId: number | null; datetime: string; timeZone?: string }): string {
    const church = event.churchId === null ? 'toda a rede' : (this.facts.churches.get(event.churchId) ?? 'igreja');
    const zone = eventTimeZone(event.timeZone, this.settings.timeZone);
    return `${event.type ?? 'Evento'} · ${church} · ${formatZonedShortDateTime(event.datetime, zone, this.settings.timeZone)}`;
  }

  private teamText(slot: OpenSlot): string {
    const event = this.facts.events.get(slot.eventId)!;
    const department = this.facts.departments.get(slot.departmentId) ?? 'departamento';
    return event.churchId === null ? `${department} (de qualquer igreja)` : `${department} da ${this.facts.churches.get(event.churchId) ?? 'igreja'}`;
  }

  /** The team's people who may fill the slot: on the team of the event's church (any church for the whole network), holding its position. */
  eligible(slot: OpenSlot): number[] {
    const event = this.facts.events.get(slot.eventId)!;
    const church = event.churchId ?? '*';
    const team = this.facts.teams.get(`${church}:${slot.departmentId}`) ?? [];
    return slot.positionId === null ? team : team.filter((userId) => this.facts.holdings.has(`${church}:${slot.departmentId}:${userId}:${slot.positionId}`));
  }

  isEligible(slot: OpenSlot, userId: number): boolean {
    return this.eligible(slot).includes(userId);
  }

  private clashes(event: DraftEvent, other: { start: number; end: number }): boolean {
    const start = Date.parse(event.datetime);
    const end = Date.parse(event.endsAt);
    return other.start < end + this.bufferMs && other.end + this.bufferMs > start;
  }

  /** Services in the draft's month of the event already counted, and the person's limit. */
  private monthCount(userId: number, month: string): number {
    return (this.facts.services.get(userId) ?? []).filter((service) => monthOf(service.start, this.settings.timeZone) === month).length;
  }

  /** The first rule that keeps an eligible person from the slot on the stored facts alone, or undefined. */
  refusal(slot: OpenSlot, userId: number): Refusal | undefined {
    const event = this.facts.events.get(slot.eventId)!;
    const name = this.name(userId);
    const at = this.facts.atEvent.get(`${event.id}:${userId}`);
    if (at === 'serving') return { code: 'already_at_event', message: `${name} já está escalado(a) neste evento.` };
    if (at === 'declined') return { code: 'declined_this_event', message: `${name} recusou este evento.` };
    // A blockout is of the event's own day (docs/product.md §12).
    const day = dayKeyOf(event.datetime, event.timeZone);
    if ((this.facts.blockouts.get(userId) ?? []).some((range) => range.from <= day && day <= range.to)) {
      return { code: 'member_unavailable', message: `${name} marcou indisponibilidade neste dia.` };
    }
    const clash = (this.facts.services.get(userId) ?? []).find((service) => service.eventId !== event.id && this.clashes(event, service));
    if (clash) return this.clashReason(name, clash);
    const cap = this.facts.caps.get(userId);
    if (cap !== undefined && this.monthCount(userId, monthOf(event.datetime, this.settings.timeZone)) >= cap) {
      return { code: 'at_monthly_limit', message: `${name} já tem ${cap} ${cap === 1 ? 'serviço' : 'serviços'} neste mês, o limite que definiu.` };
    }
    return undefined;
  }

  private clashReason(name: string, service: Pick<Service, 'type' | 'churchId' | 'department' | 'start' | 'timeZone'>): Refusal {
    const when = this.eventText({ type: service.type, churchId: service.churchId, datetime: new Date(service.start).toISOString(), timeZone: service.timeZone });
    return { code: 'schedule_conflict', message: `${name} serve em ${when} (${service.department}), no mesmo horário.` };
  }

  /**
   * The first rule that keeps a person from the slot once the draft's other picks count too (a leader's change,
   * or why an eligible person was left out of an empty place).
   */
  refusalWithPicks(slot: OpenSlot, userId: number, picks: ReadonlyArray<{ slot: OpenSlot; userId: number }>): Refusal | undefined {
    const stored = this.refusal(slot, userId);
    if (stored) return stored;
    const event = this.facts.events.get(slot.eventId)!;
    const name = this.name(userId);
    const own = picks.filter((pick) => pick.userId === userId && pick.slot !== slot);
    const sameEvent = own.find((pick) => pick.slot.eventId === event.id);
    if (sameEvent) {
      return { code: 'already_at_event', message: `${name} já está proposto(a) neste evento, em ${this.facts.departments.get(sameEvent.slot.departmentId) ?? 'outro departamento'}.` };
    }
    for (const pick of own) {
      const other = this.facts.events.get(pick.slot.eventId)!;
      if (this.clashes(event, { start: Date.parse(other.datetime), end: Date.parse(other.endsAt) })) {
        return { code: 'schedule_conflict', message: `${name} está proposto(a) para ${this.eventText(other)}, no mesmo horário.` };
      }
    }
    const cap = this.facts.caps.get(userId);
    const month = monthOf(event.datetime, this.settings.timeZone);
    if (cap !== undefined && this.monthCount(userId, month) + own.filter((pick) => monthOf(this.facts.events.get(pick.slot.eventId)!.datetime, this.settings.timeZone) === month).length >= cap) {
      return { code: 'at_monthly_limit', message: `${name} chegaria a mais de ${cap} ${cap === 1 ? 'serviço' : 'serviços'} neste mês, o limite que definiu.` };
    }
    return undefined;
  }

  /** Services in [start, end) of the range already (pending or confirmed). */
  loadInRange(userId: number, start: number, end: number): number {
    return (this.facts.services.get(userId) ?? []).filter((service) => service.start >= start && service.start < end).length;
  }

  /** Days between the person's latest service before the event and the event; undefined when they never served. */
  daysSinceServed(userId: number, event: DraftEvent): number | undefined {
    const start = Date.parse(event.datetime);
    const earlier = (this.facts.services.get(userId) ?? []).filter((service) => service.start < start).map((service) => service.start);
    const before = this.facts.servedBefore.get(userId);
    const last = Math.max(...earlier, ...(before === undefined ? [] : [before]));
    return Number.isFinite(last) ? Math.floor((start - last) / DAY_MS) : undefined;
  }

  /** Why this person for this place (docs/product.md §9): team and position, load, last service. */
  pickReasons(slot: OpenSlot, userId: number, load: number, chosenByLeader = false): DraftReason[] {
    const name = this.name(userId);
    const position = slot.positionId === null ? undefined : this.facts.positions.get(slot.positionId);
    const days = this.daysSinceServed(userId, this.facts.events.get(slot.eventId)!);
    return [
      ...(chosenByLeader ? [{ code: 'chosen', message: `Escolhido(a) por você.` }] : []),
      { code: 'eligible', message: `${name} está na equipe de ${this.teamText(slot)}${position ? ` e exerce ${position}` : ''}.` },
      { code: 'load', message: `${load} ${load === 1 ? 'serviço' : 'serviços'} no período, contando este.` },
      {
        code: 'last_served',
        message: days === undefined ? `${name} ainda não serviu nenhuma vez.` : days === 0 ? `${name} serviu pela última vez no mesmo dia.` : `${name} serviu pela última vez há ${days} ${days === 1 ? 'dia' : 'dias'}.`,
      },
    ];
  }

  /** Why nobody (docs/product.md §9): nobody holds the position, or what keeps each eligible person away. */
  emptyReasons(slot: OpenSlot, picks: ReadonlyArray<{ slot: OpenSlot; userId: number }>): DraftReason[] {
    const eligible = this.eligible(slot);
    if (eligible.length === 0) {
      const position = slot.positionId === null ? undefined : this.facts.positions.get(slot.positionId);
      return [{ code: 'no_one_eligible', message: position ? `Ninguém na equipe de ${this.teamText(slot)} exerce ${position}.` : `A equipe de ${this.teamText(slot)} não tem membros.` }];
    }
    return eligible.map(
      (userId) =>
        this.refusalWithPicks(slot, userId, picks) ??
        (picks.some((pick) => pick.slot === slot && pick.userId === userId)
          ? { code: 'already_at_event', message: `${this.name(userId)} já está proposto(a) em outro lugar desta função neste evento.` }
          : { code: 'load', message: `${this.name(userId)} já tem, neste rascunho, tantos serviços quanto quem mais serve.` }),
    );
  }
}

/**
 * The draft for the facts (docs/product.md §9): every open place, each with the person the optimiser chose (or
 * none) and the reasons. The same facts give the same places in the same order.
 */
export async function planDraft(facts: DraftFacts, settings: PlanSettings, range: { start: number; end: number }): Promise<PlannedPlace[]> {
  const rules = new DraftRules(facts, settings);
  const solverSlots: SolverSlot[] = [];
  const candidates: SolverCandidate[] = [];
  const people = new Map<number, SolverPerson>();
  facts.slots.forEach((slot, id) => {
    const event = facts.events.get(slot.eventId)!;
    solverSlots.push({
      id,
      capacity: slot.open,
      eventId: event.id,
      start: Date.parse(event.datetime),
      end: Date.parse(event.endsAt) + settings.bufferMinutes * 60_000,
      month: monthOf(event.datetime, settings.timeZone),
    });
    for (const userId of rules.eligible(slot)) {
      if (rules.refusal(slot, userId)) continue;
      if (!people.has(userId)) {
        const cap = facts.caps.get(userId);
        const capLeft = new Map<string, number>();
        if (cap !== undefined) {
          for (const service of facts.services.get(userId) ?? []) {
            const month = monthOf(service.start, settings.timeZone);
            capLeft.set(month, (capLeft.get(month) ?? cap) - 1);
          }
          for (const s of facts.slots) {
            const month = monthOf(facts.events.get(s.eventId)!.datetime, settings.timeZone);
            if (!capLeft.has(month)) capLeft.set(month, cap);
          }
        }
        people.set(userId, { id: userId, load: rules.loadInRange(userId, range.start, range.end), capLeft });
      }
      candidates.push({ personId: userId, slotId: id, weight: rules.daysSinceServed(userId, event) ?? NEVER_SERVED_DAYS });
    }
  });
  const picks = await solveDraft(solverSlots, [...people.values()], candidates);

  const chosen = new Map<number, number[]>();
  for (const pick of picks) chosen.set(pick.slotId, [...(chosen.get(pick.slotId) ?? []), pick.personId]);
  const assigned = picks.map((pick) => ({ slot: facts.slots[pick.slotId]!, userId: pick.personId }));
  const loads = new Map<number, number>();
  for (const pick of picks) loads.set(pick.personId, (loads.get(pick.personId) ?? people.get(pick.personId)!.load) + 1);

  return facts.slots.flatMap((slot, id) => {
    const users = chosen.get(id) ?? [];
    return Array.from({ length: slot.open }, (_, k): PlannedPlace => {
      const userId = users[k];
      return userId === undefined
        ? { slot, userId: null, reasons: rules.emptyReasons(slot, assigned) }
        : { slot, userId, reasons: rules.pickReasons(slot, userId, loads.get(userId)!) };
    });
  });
}
