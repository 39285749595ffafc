import highsLoader from 'highs';

/**
 * The optimisation at the heart of an escala draft (docs/product.md §9), on facts already checked one pair at a
 * time (eligibility, blocked days, clashes with existing services, declines, a place already held at the event):
 * which candidate takes which slot.
 *
 * A slot is one (event, department, position) with `capacity` open places; its places are interchangeable, so
 * one variable per (person, slot) instead of per place keeps the model small and free of symmetric copies.
 * The rules that tie picks together are constraints: a slot's capacity; one place per person per event; no two
 * picks of one person whose widened intervals [start, end + buffer) overlap — an interval graph, whose maximal
 * cliques are the intervals that contain some interval's start, so one row per (person, start) says it exactly;
 * a person's monthly limit. The objectives, in order, each stage keeping the optimum of the ones before: (1) the
 * most places filled; (2) the smallest largest load (existing services in the range plus picks); (3) the largest
 * sum of the candidates' weights (days since last served: who served longest ago first). A mixed-integer solver
 * (HiGHS) makes each stage exact rather than greedy; pieces that share no person and no slot never constrain
 * each other, so they are found first and only batched together to save solver calls.
 */
export interface SolverSlot {
  id: number;
  capacity: number;
  eventId: number;
  /** Start and widened end (end + buffer), in ms. */
  start: number;
  end: number;
  /** The calendar month of the network's timezone (`2026-12`), for monthly limits. */
  month: string;
}

export interface SolverPerson {
  id: number;
  /** Pending and confirmed services in the draft's range already. */
  load: number;
  /** Per month, how many more services the person takes; absent month = no limit. */
  capLeft: ReadonlyMap<string, number>;
}

export interface SolverCandidate {
  personId: number;
  slotId: number;
  /** The larger, the more this person is preferred here (days since last served; never served counts most). */
  weight: number;
}

export interface SolverPick {
  personId: number;
  slotId: number;
}

type Highs = Awaited<ReturnType<typeof highsLoader>>;
let highs: Promise<Highs> | undefined;
/** The solver's WebAssembly module, loaded once per process (about half a second the first time). */
const loadHighs = () => (highs ??= highsLoader());

export async function solveDraft(slots: readonly SolverSlot[], people: readonly SolverPerson[], candidates: readonly SolverCandidate[]): Promise<SolverPick[]> {
  const solver = await loadHighs();
  const picks: SolverPick[] = [];
  for (const batch of batchesOf(independentPieces(candidates))) picks.push(...solvePiece(solver, slots, people, batch));
  return picks.sort((a, b) => a.slotId - b.slotId || a.personId - b.personId);
}

/**
 * Independent pieces put together into models of about BATCH_CANDIDATES variables: each solver call costs a fresh
 * WebAssembly instance, so a network of hundreds of small teams is solved in a few calls, not thousands. The
 * pieces still share nothing, so each batch's optimum is the optimum of each of its pieces, and the largest load
 * over the batches is the smallest possible (each batch makes its own largest as small as it can).
 */
const BATCH_CANDIDATES = 3000;

function batchesOf(pieces: SolverCandidate[][]): SolverCandidate[][] {
  const batches: SolverCandidate[][] = [];
  let current: SolverCandidate[] = [];
  for (const piece of pieces) {
    if (current.length > 0 && current.length + piece.length > BATCH_CANDIDATES) {
      batches.push(current);
      current = [];
    }
    current = current.concat(piece);
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** The candidates split into pieces that share no person and no slot, each in a fixed order. */
function independentPieces(candidates: readonly SolverCandidate[]): SolverCandidate[][] {
  const parent = new Map<string, string>();
  const find = (key: string): string => {
    let root = key;
    while (parent.get(root) !== root) root = parent.get(root) ?? (parent.set(root, root), root);
    parent.set(key, root);
    return root;
  };
  for (const candidate of candidates) {
    const a = find(`p${candidate.personId}`);
    const b = find(`s${candidate.slotId}`);
    if (a !== b) parent.set(a < b ? b : a, a < b ? a : b);
  }
  const pieces = new Map<string, SolverCandidate[]>();
  for (const candidate of candidates) {
    const root = find(`p${candidate.personId}`);
    pieces.set(root, [...(pieces.get(root) ?? []), candidate]);
  }
  return [...pieces.values()];
}

function solvePiece(solver: Highs, allSlots: readonly SolverSlot[], allPeople: readonly SolverPerson[], candidates: readonly SolverCandidate[]): SolverPick[] {
  const slots = new Map(allSlots.map((slot) => [slot.id, slot]));
  const people = new Map(allPeople.map((person) => [person.id, person]));
  const x = (index: number) => `x${index}`;
  const rows: string[] = [];
  const row = (terms: number[], sense: string, bound: number) => {
    if (terms.length > 0) rows.push(` r${rows.length}: ${terms.map(x).join(' + ')} ${sense} ${bound}`);
  };

  const bySlot = groupIndexes(candidates, (candidate) => candidate.slotId);
  for (const [slotId, indexes] of bySlot) if (indexes.length > slots.get(slotId)!.capacity) row(indexes, '<=', slots.get(slotId)!.capacity);
  const byPerson = groupIndexes(candidates, (candidate) => candidate.personId);
  for (const [personId, indexes] of byPerson) {
    const person = people.get(personId)!;
    // One place per event, and no two clashing services: for each start, the intervals that contain it.
    const own = indexes.map((index) => ({ index, slot: slots.get(candidates[index]!.slotId)! }));
    const seen = new Set<string>();
    for (const { slot: at } of own) {
      const clique = own.filter(({ slot }) => slot.eventId === at.eventId || (slot.start <= at.start && at.start < slot.end)).map(({ index }) => index);
      const key = clique.join(',');
      if (clique.length > 1 && !seen.has(key)) {
        seen.add(key);
        row(clique, '<=', 1);
      }
    }
    for (const [month, left] of person.capLeft) {
      const inMonth = own.filter(({ slot }) => slot.month === month).map(({ index }) => index);
      if (inMonth.length > left) row(inMonth, '<=', left);
    }
  }

  const all = candidates.map((_, index) => index);
  const binaries = all.map((index) => ` 0 <= ${x(index)} <= 1`);
  const model = (objective: string, extraRows: string[], extraBounds: string[] = [], extraGeneral: string[] = []) => ({
    relaxed: [objective, 'Subject To', ...rows, ...extraRows, 'Bounds', ...binaries, ...extraBounds, 'End'].join('\n'),
    integers: ` ${[...all.map(x), ...extraGeneral].join(' ')}`,
  });
  const options = { output_flag: false } as Parameters<Highs['solve']>[1];
  // The relaxation first: these models are close to network flows and their linear optimum is nearly always
  // integral, and an integral optimum of the relaxation is the integer optimum. Only a fractional one goes to the
  // branch and bound (ten times slower or more on the bench network, measured with `npm run bench`).
  const solve = (lp: { relaxed: string; integers: string }) => {
    const relaxed = solver.solve(lp.relaxed, options);
    if (relaxed.Status === 'Optimal' && Object.values(relaxed.Columns).every((column) => Math.abs(column.Primal - Math.round(column.Primal)) < 1e-7)) return relaxed;
    const result = solver.solve(lp.relaxed.replace(/\nEnd$/, `\nGeneral\n${lp.integers}\nEnd`), options);
    if (result.Status !== 'Optimal') throw new Error(`O otimizador da escala terminou sem solução ótima (${result.Status}).`);
    return result;
  };
  const sum = (terms: string[]) => terms.join(' + ');

  // (1) The most places filled.
  const filled = Math.round(solve(model(`Maximize\n obj: ${sum(all.map(x))}`, [])).ObjectiveValue);
  const fill = ` fill: ${sum(all.map(x))} >= ${filled}`;

  // (2) The smallest largest load. A min-max objective gives the solver a weak relaxation (about 30 times slower
  // here, measured with `npm run bench`), so it is searched instead: the smallest L for which (1)'s fill can
  // still be reached with every person's load + picks <= L, each probe a max-fill problem like (1).
  const loadOf = (personId: number) => people.get(personId)!.load;
  const capRows = (limit: number) => [...byPerson].map(([personId, indexes]) => ` cap${personId}: ${sum(indexes.map(x))} <= ${Math.max(0, limit - loadOf(personId))}`);
  const fillWithin = (limit: number) => Math.round(solve(model(`Maximize\n obj: ${sum(all.map(x))}`, capRows(limit))).ObjectiveValue);
  let low = Math.max(0, ...[...byPerson.keys()].map(loadOf));
  let high = low + Math.max(0, ...[...byPerson.values()].map((indexes) => indexes.length));
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (fillWithin(middle) === filled) high = middle;
    else low = middle + 1;
  }
  const capped = capRows(low);

  // (3) Who served longest ago, among the choices that keep (1) and (2).
  const weighted = all.map((index) => `${candidates[index]!.weight} ${x(index)}`).join(' + ');
  const final = solve(model(`Maximize\n obj: ${weighted}`, [fill, ...capped]));
  return all.filter((index) => (final.Columns[x(index)]?.Primal ?? 0) > 0.5).map((index) => ({ personId: candidates[index]!.personId, slotId: candidates[index]!.slotId }));
}

function groupIndexes<T>(items: readonly T[], keyOf: (item: T) => number): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  items.forEach((item, index) => groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), index]));
  return groups;
}
