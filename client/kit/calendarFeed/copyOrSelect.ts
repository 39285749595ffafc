/**
 * Copies a feed's address to the clipboard; where the browser gives no clipboard (or refuses), selects it in its
 * read-only input instead, so the user copies it with the keyboard. True when it was copied.
 */
export async function copyOrSelect(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('Área de transferência indisponível.');
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    input?.focus();
    input?.select();
    return false;
  }
}
