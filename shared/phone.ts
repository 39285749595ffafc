/** Brazilian mobile numbers, for the API's validation and the account page's form (no zod here: the page loads it). */

/** Brazil's area codes (DDD): a mobile number is one of them, a 9, and eight digits. */
const AREA_CODES = new Set([
  11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 24, 27, 28, 31, 32, 33, 34, 35, 37, 38, 41, 42, 43, 44, 45, 46, 47, 48, 49, 51, 53,
  54, 55, 61, 62, 63, 64, 65, 66, 67, 68, 69, 71, 73, 74, 75, 77, 79, 81, 82, 83, 84, 85, 86, 87, 88, 89, 91, 92, 93, 94, 95, 96,
  97, 98, 99,
]);

export const PHONE_MESSAGE = 'Informe um celular brasileiro com DDD, por exemplo (11) 98765-4321.';

/**
 * A Brazilian mobile number as people write it — `(11) 98765-4321`, `11987654321`, `+55 11 98765-4321`,
 * `011 98765-4321` — in E.164 (`+5511987654321`); undefined when it is not one.
 */
export function brazilianMobile(input: string): string | undefined {
  if (!/^[\d\s().+-]{8,25}$/.test(input.trim())) return undefined;
  let digits = input.replace(/\D/g, '');
  if (input.trim().startsWith('+') || (digits.length === 13 && digits.startsWith('55'))) {
    if (!digits.startsWith('55')) return undefined;
    digits = digits.slice(2);
  } else if (digits.length === 12 && digits.startsWith('0')) {
    digits = digits.slice(1);
  }
  if (!/^\d{2}9\d{8}$/.test(digits) || !AREA_CODES.has(Number(digits.slice(0, 2)))) return undefined;
  return `+55${digits}`;
}

/** `+5511987654321` → `(11) 98765-4321`. */
export function formatBrazilianMobile(e164: string): string {
  const digits = e164.replace(/^\+55/, '');
  return `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`;
}

