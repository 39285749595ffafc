import type { Response } from 'express';
import type { AccountExport } from '../../shared/schemas/accountData.ts';

/** Answers a data export as a JSON file to download (docs/product.md §11): indented, so a person can read it. */
export function sendAccountExport(res: Response, data: AccountExport, filename: string): void {
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  res.type('application/json').send(`${JSON.stringify(data, null, 2)}\n`);
}
