/** A form's problems by its own field names: the pt-BR sentence shown under each field; absent while it is fine. */
export type FieldProblems<F extends string> = Partial<Record<F, string>>;

/**
 * Which names of the contract are the form's fields: a list when the form uses the request's own names
 * (`from`, `to`, `note`), a map when it names them its own way (`datetime` → `date`, `repeat.count` → `count`).
 */
export type FieldNames<F extends string> = readonly F[] | Readonly<Record<string, F>>;

/** A problem named by a path: a zod issue of a shared schema (`{ path: ['repeat', 'count'], message }`) has this shape. */
export interface PathIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

function fieldOf<F extends string>(names: FieldNames<F>, key: string): F | undefined {
  if (Array.isArray(names)) return (names as readonly string[]).includes(key) ? (key as F) : undefined;
  return Object.hasOwn(names, key) ? (names as Readonly<Record<string, F>>)[key] : undefined;
}

/**
 * The API's `fields` (`{ "repeat.count": "Valor grande demais." }`, server/http/parseInput.ts) by the form's field
 * names; a name the form does not show is left out, and the first message for a field wins.
 */
export function problemsOfFields<F extends string>(fields: unknown, names: FieldNames<F>): FieldProblems<F> {
  const problems: FieldProblems<F> = {};
  if (typeof fields !== 'object' || fields === null) return problems;
  for (const [key, message] of Object.entries(fields)) {
    const field = fieldOf(names, key);
    if (field && typeof message === 'string' && message !== '') problems[field] ??= message;
  }
  return problems;
}

/** Issues named by path (a shared schema's, checked before sending) as the API would name them in `fields`. */
export function problemsOfIssues<F extends string>(issues: readonly PathIssue[], names: FieldNames<F>): FieldProblems<F> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.map(String).join('.')] ??= issue.message;
  return problemsOfFields(fields, names);
}

/** Whether any field has a problem. */
export function hasProblems(problems: FieldProblems<string>): boolean {
  return Object.values(problems).some((message) => message !== undefined);
}
