import express, { type RequestHandler } from 'express';
import { TEAM_IMPORT_MAX_BYTES } from '../../shared/schemas/teamImport.ts';
import { HttpError } from '../http/httpError.ts';

const readCsv = express.raw({ type: 'text/csv', limit: TEAM_IMPORT_MAX_BYTES });

/**
 * The spreadsheet's bytes as `req.body` (a Buffer) on `POST /api/teams/import` alone (docs/product.md §13): up to
 * 2 MB, where every other body stops at the JSON parser's 100 kB; decoded later (UTF-8 or Windows-1252). Nothing is
 * read for a request without a session: the route answers 401 before. Mounted ahead of the Idempotency-Key check,
 * so a key is bound to the file it was sent with.
 */
export const teamImportBody: RequestHandler = (req, res, next) => {
  if (!req.user) return next();
  readCsv(req, res, (error?: unknown) => {
    if ((error as { type?: string } | undefined)?.type === 'entity.too.large') {
      next(new HttpError(413, 'payload_too_large', 'A planilha passa do limite de 2 MB. Divida-a em arquivos menores.'));
    } else next(error);
  });
};
