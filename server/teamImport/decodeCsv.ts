const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
const windows1252 = new TextDecoder('windows-1252');

/**
 * The text of an uploaded spreadsheet (docs/product.md §13): UTF-8, with or without BOM (the decoder drops it), as
 * Google Sheets and "CSV UTF-8" in Excel write it; otherwise Windows-1252, what Excel in pt-BR writes as plain "CSV" —
 * bytes that are not valid UTF-8 are taken for it (a Windows-1252 text with accents is never valid UTF-8 in practice).
 */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    return windows1252.decode(bytes);
  }
}
