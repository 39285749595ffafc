import { z } from 'zod';

/**
 * What no name may hold (docs/product.md §11; issue 25, attack item 9): C0 and C1 controls (CR, LF, TAB, ESC,
 * BEL…), the line and paragraph separators U+2028 and U+2029, and the bidirectional controls (U+202A–U+202E,
 * U+2066–U+2069, U+200E, U+200F, U+061C). Names are written into e-mails, WhatsApp texts and calendar feeds,
 * where these break a line into a fake instruction or turn the text around.
 */
const NOT_IN_NAMES = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u;

/** A character one sees: a letter, digit, punctuation mark or symbol… */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;
/** …but not the ones drawn blank (the Hangul fillers, the empty Braille pattern). */
const DRAWN_BLANK = /[\u115F\u1160\u3164\uFFA0\u2800]/gu;

/**
 * Why a name is refused: a forbidden character, or nothing visible; undefined for a name one can print. What
 * each schema trims anyway (a tab or line break pasted at either end) is not held against it; a blank name
 * gets the schema's own "missing" message.
 */
export function nameFault(name: string): 'control' | 'invisible' | undefined {
  const trimmed = name.trim();
  if (NOT_IN_NAMES.test(trimmed)) return 'control';
  if (trimmed !== '' && !VISIBLE.test(trimmed.replace(DRAWN_BLANK, ''))) return 'invisible';
  return undefined;
}

/**
 * The start of every name schema: a string refused, before its spaces are collapsed, when it holds a character
 * `nameFault` forbids or nothing visible. `field` names the field in the pt-BR message ("O nome da igreja").
 */
export function printableName(field: string) {
  return z
    .string()
    .refine((name) => nameFault(name) !== 'control', {
      message: `${field} não pode ter quebras de linha, tabulações, caracteres de controle nem marcas de direção do texto.`,
      abort: true,
    })
    .refine((name) => nameFault(name) !== 'invisible', {
      message: `${field} precisa ter ao menos uma letra, um número ou um símbolo visível.`,
      abort: true,
    });
}
