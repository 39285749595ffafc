import { format } from 'node:util';
import { waitFor } from '@testing-library/react';
import { expect, vi, type MockInstance } from 'vitest';

let spy: MockInstance<typeof console.error> | undefined;
let acknowledged = 0;

function messages(): string[] {
  return (spy?.mock.calls ?? []).map((args) => format(...args));
}

/** Every test starts recording console.error; none of it is printed. */
export function startRecordingConsoleErrors(): void {
  spy?.mockRestore();
  spy = vi.spyOn(console, 'error').mockImplementation(() => {});
  acknowledged = 0;
}

/**
 * Waits until the console errors not yet acknowledged are exactly `expected`, then acknowledges them.
 * For the lines the specification asks for (`HTTP error! status: 500`, `Root element not found`).
 */
export async function expectConsoleErrors(expected: string[]): Promise<void> {
  await waitFor(() => expect(messages().slice(acknowledged)).toEqual(expected));
  acknowledged += expected.length;
}

/** Returns the console errors not yet acknowledged, acknowledging them (for noisy but expected paths). */
export function takeConsoleErrors(): string[] {
  const taken = unacknowledgedConsoleErrors();
  acknowledged += taken.length;
  return taken;
}

/** The console errors so far that no test acknowledged. */
export function unacknowledgedConsoleErrors(): string[] {
  return messages().slice(acknowledged);
}

/** After each test: any console.error nobody expected fails it (React warnings, act() warnings, jsdom errors…). */
export function failOnUnexpectedConsoleErrors(): void {
  const unexpected = unacknowledgedConsoleErrors();
  spy?.mockRestore();
  spy = undefined;
  if (unexpected.length > 0) {
    throw new Error(`console.error inesperado:\n${unexpected.join('\n---\n')}`);
  }
}
