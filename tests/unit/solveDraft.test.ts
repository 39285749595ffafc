import { describe, expect, it } from 'vitest';
import { solveDraft, type SolverCandidate, type SolverPerson, type SolverPick, type SolverSlot } from '../../server/drafts/solveDraft.ts';

const HOUR = 3_600_000;

/** A small deterministic pseudo-random sequence (mulberry32), so every run checks the same networks. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Network {
  slots: SolverSlot[];
  people: SolverPerson[];
  candidates: SolverCandidate[];
}

function randomNetwork(seed: number): Network {
  const next = random(seed);
  const int = (n: number) => Math.floor(next() * n);
  const events = Array.from({ length: 2 + int(3) }, (_, id) => ({ id, start: int(6) * HOUR, month: next() < 0.7 ? '2030-03' : '2030-04' }));
  const slots: SolverSlot[] = events.flatMap((event) =>
    Array.from({ length: 1 + int(2) }, (_, k) => ({ id: event.id * 10 + k, capacity: 1 + int(2), eventId: event.id, start: event.start, end: event.start + 3 * HOUR, month: event.month })),
  );
  const people: SolverPerson[] = Array.from({ length: 2 + int(3) }, (_, id) => ({
    id: id + 1,
    load: int(3),
    capLeft: next() < 0.3 ? new Map([['2030-03', int(2)]]) : new Map(),
  }));
  const candidates: SolverCandidate[] = [];
  for (const person of people) for (const slot of slots) if (next() < 0.45 && candidates.length < 13) candidates.push({ personId: person.id, slotId: slot.id, weight: int(50) });
  return { slots, people, candidates };
}

/** Whether a set of picks keeps every rule. */
function feasible({ slots, people }: Network, picks: SolverPick[]): boolean {
  const slot = new Map(slots.map((s) => [s.id, s]));
  for (const s of slots) if (picks.filter((pick) => pick.slotId === s.id).length > s.capacity) return false;
  for (const person of people) {
    const own = picks.filter((pick) => pick.personId === person.id).map((pick) => slot.get(pick.slotId)!);
    for (let i = 0; i < own.length; i++)
      for (let j = i + 1; j < own.length; j++) {
        const [a, b] = [own[i]!, own[j]!];
        if (a.eventId === b.eventId || (a.start < b.end && b.start < a.end)) return false;
      }
    for (const [month, left] of person.capLeft) if (own.filter((s) => s.month === month).length > left) return false;
  }
  return true;
}

const largestLoad = ({ people }: Network, picks: SolverPick[]) => Math.max(...people.map((person) => person.load + picks.filter((pick) => pick.personId === person.id).length));

/** The best (fill, then largest load) over every subset of candidates. */
function exhaustive(network: Network): { filled: number; largest: number } {
  let best = { filled: -1, largest: Infinity };
  const n = network.candidates.length;
  for (let mask = 0; mask < 1 << n; mask++) {
    const picks = network.candidates.filter((_, i) => mask & (1 << i));
    if (!feasible(network, picks)) continue;
    const largest = largestLoad(network, picks);
    if (picks.length > best.filled || (picks.length === best.filled && largest < best.largest)) best = { filled: picks.length, largest };
  }
  return best;
}

describe('the escala draft optimiser (docs/product.md §9)', () => {
  it.each(Array.from({ length: 40 }, (_, i) => i + 1))('random network %i: as many places as an exhaustive search, with as small a largest load, every rule kept', async (seed) => {
    const network = randomNetwork(seed);
    const picks = await solveDraft(network.slots, network.people, network.candidates);
    expect(feasible(network, picks)).toBe(true);
    const best = exhaustive(network);
    expect({ filled: picks.length, largest: picks.length === 0 ? best.largest : largestLoad(network, picks) }).toEqual(best);
  });

  it('between people who would serve equally often, picks the one who served longest ago; the same data gives the same draft', async () => {
    const slots: SolverSlot[] = [{ id: 1, capacity: 1, eventId: 1, start: 0, end: 3 * HOUR, month: '2030-03' }];
    const people: SolverPerson[] = [1, 2, 3].map((id) => ({ id, load: 0, capLeft: new Map() }));
    const candidates = [
      { personId: 1, slotId: 1, weight: 10 },
      { personId: 2, slotId: 1, weight: 400 },
      { personId: 3, slotId: 1, weight: 30 },
    ];
    const first = await solveDraft(slots, people, candidates);
    expect(first).toEqual([{ personId: 2, slotId: 1 }]);
    expect(await solveDraft(slots, people, candidates)).toEqual(first);
  });

  it('spreads the load before it prefers who served longest ago', async () => {
    const slots: SolverSlot[] = [
      { id: 1, capacity: 1, eventId: 1, start: 0, end: 3 * HOUR, month: '2030-03' },
      { id: 2, capacity: 1, eventId: 2, start: 24 * HOUR, end: 27 * HOUR, month: '2030-03' },
    ];
    const people: SolverPerson[] = [1, 2].map((id) => ({ id, load: 0, capLeft: new Map() }));
    // Ana (1) served longest ago and would take both; spreading gives one each.
    const candidates = [1, 2].flatMap((slotId) => [
      { personId: 1, slotId, weight: 900 },
      { personId: 2, slotId, weight: 1 },
    ]);
    const picks = await solveDraft(slots, people, candidates);
    expect(picks).toHaveLength(2);
    expect(new Set(picks.map((pick) => pick.personId))).toEqual(new Set([1, 2]));
  });
});
