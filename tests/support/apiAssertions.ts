import { expect } from 'vitest';

/** English words zod or Express would use; a pt-BR message has none of them. */
const ENGLISH = /\b(invalid|expected|received|required|must|cannot|not found|error)\b/i;

/** `{ error: { code, message } }` as JSON, with the given status and a pt-BR message. */
export function expectApiError(
  res: { status: number; headers: Record<string, unknown>; body: unknown },
  status: number,
  code: string,
): void {
  expect({ status: res.status, body: res.body }).toMatchObject({ status, body: { error: { code } } });
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const message = (res.body as { error: { message: unknown } }).error.message;
  expect(typeof message).toBe('string');
  expect((message as string).length).toBeGreaterThan(5);
  expect(message).not.toMatch(ENGLISH);
}

/** The exact shape of an event in every response of the events API. */
export function expectEventShape(event: unknown): void {
  expect(Object.keys(event as object).sort()).toEqual(['datetime', 'event_types', 'id']);
  const { id, datetime, event_types } = event as { id: unknown; datetime: unknown; event_types: unknown };
  expect(Number.isInteger(id)).toBe(true);
  expect(datetime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  if (event_types !== null) {
    expect(Object.keys(event_types as object)).toEqual(['name']);
    expect(typeof (event_types as { name: unknown }).name).toBe('string');
  }
}
