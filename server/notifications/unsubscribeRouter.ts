import { Router, type Request, type Response } from 'express';
import { escapeHtml } from '../../shared/prerenderedPages.ts';
import type { ApiContext } from '../http/apiContext.ts';
import { HttpError } from '../http/httpError.ts';
import { preferencesLink } from './links.ts';
import { updatePreferences } from './preferenceQueries.ts';
import { unsubscribeKey, userOfUnsubscribeToken } from './unsubscribeTokens.ts';

/** The little page a person sees when their mail app opens the link instead of posting it: no script, one form. */
const PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'";

function page(res: Response, status: number, portalName: string, title: string, body: string): void {
  res
    .status(status)
    .set('Content-Security-Policy', PAGE_POLICY)
    .type('html')
    .send(
      `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<meta name="robots" content="noindex"><title>${escapeHtml(title)} — ${escapeHtml(portalName)}</title></head>` +
        `<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;line-height:1.5">` +
        `<h1 style="font-size:1.4rem">${escapeHtml(title)}</h1>${body}</body></html>`,
    );
}

const wantsPage = (req: Request) => req.accepts(['json', 'html']) === 'html';

/**
 * One-click unsubscribe (RFC 8058, docs/product.md §7). Every notification e-mail carries `List-Unsubscribe:
 * <…/api/unsubscribe/{token}>` and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`: the mail app POSTs there
 * and e-mail is off for that person. A GET never changes anything (link scanners follow links): it shows a page
 * whose button posts. Mounted before the CSRF guard: the mail provider's POST comes from another site with a form
 * body, and the token alone says whose e-mail goes off.
 */
export function unsubscribeRouter({ database, config, now }: ApiContext): Router {
  const router = Router();
  const { db } = database;

  const personOf = async (token: string): Promise<number> => {
    const userId = userOfUnsubscribeToken(await unsubscribeKey(db), token);
    if (userId === null) throw new HttpError(404, 'not_found', 'Link para cancelar e-mails inválido.');
    return userId;
  };
  const invalid = (req: Request, res: Response, error: unknown) => {
    if (!(error instanceof HttpError) || !wantsPage(req)) throw error;
    page(res, 404, config.portalName, 'Link inválido', `<p>${escapeHtml(error.message)}</p>`);
  };

  router.get('/api/unsubscribe/:token', async (req, res) => {
    try {
      await personOf(req.params.token);
    } catch (error) {
      return invalid(req, res, error);
    }
    page(
      res,
      200,
      config.portalName,
      'Cancelar e-mails',
      `<p>Você deixará de receber os e-mails de ${escapeHtml(config.portalName)} (convites, lembretes e avisos de escala).</p>` +
        `<form method="post"><button type="submit" style="font-size:1rem;padding:.5rem 1rem">Não quero mais receber e-mails</button></form>` +
        `<p>Você pode voltar a recebê-los quando quiser, em <a href="${escapeHtml(preferencesLink(config))}">suas preferências</a>.</p>`,
    );
  });

  router.post('/api/unsubscribe/:token', async (req, res) => {
    let userId: number;
    try {
      userId = await personOf(req.params.token);
    } catch (error) {
      return invalid(req, res, error);
    }
    await updatePreferences(db, userId, { email_notifications: false }, now());
    if (!wantsPage(req)) {
      res.json({ email_notifications: false });
      return;
    }
    page(
      res,
      200,
      config.portalName,
      'E-mails cancelados',
      `<p>Pronto: você não receberá mais e-mails de ${escapeHtml(config.portalName)}.</p>` +
        `<p>Para voltar a recebê-los, entre no portal e ligue os e-mails em <a href="${escapeHtml(preferencesLink(config))}">suas preferências</a>.</p>`,
    );
  });

  return router;
}
