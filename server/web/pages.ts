import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type express from 'express';
import { fillPlaceholders, PRERENDERED_DIR, PRERENDERED_PAGES, type PrerenderedPath } from '../../shared/prerenderedPages.ts';
import type { Config } from '../platform/config.ts';
import { publicConfigOf, renderIndexHtml, withPublicConfig } from './indexHtml.ts';

/** One answer of the host's own, compressed once when it starts (none of them changes while it runs). */
export interface PreparedBody {
  type: string;
  identity: Buffer;
  gzip?: Buffer;
  br?: Buffer;
}

/** Below this, compressing costs more (headers, CPU) than it saves. */
const COMPRESS_FROM_BYTES = 1024;

export function prepareBody(type: string, text: string): PreparedBody {
  const identity = Buffer.from(text);
  if (identity.length < COMPRESS_FROM_BYTES) return { type, identity };
  return {
    type,
    identity,
    gzip: zlib.gzipSync(identity, { level: zlib.constants.Z_BEST_COMPRESSION }),
    br: zlib.brotliCompressSync(identity, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
  };
}

/**
 * Sends a prepared answer in the best encoding the client accepts (brotli, gzip or none), saying so in
 * `Content-Encoding`, and `Vary: Accept-Encoding` for caches. Express adds the ETag (one per encoding) and answers
 * 304 to a matching `If-None-Match`.
 */
export function sendPrepared(req: express.Request, res: express.Response, body: PreparedBody): void {
  res.set('Cache-Control', 'no-cache').type(body.type);
  if (!body.gzip) {
    res.send(body.identity);
    return;
  }
  res.vary('Accept-Encoding');
  // Brotli whenever it is accepted at all (smaller than gzip), whatever order the client listed them in.
  if (body.br && req.acceptsEncodings('br')) res.set('Content-Encoding', 'br').send(body.br);
  else if (req.acceptsEncodings('gzip')) res.set('Content-Encoding', 'gzip').send(body.gzip);
  else res.send(body.identity);
}

export interface PortalPages {
  /** The empty shell (index.html): the client renders it. For every path the build did not pre-render. */
  shell: PreparedBody;
  /** The pre-rendered pages, by exact path (`/`, `/login`, `/events`), with the configuration written in. */
  byPath: Map<string, PreparedBody>;
  /** The web app manifest with PORTAL_NAME as the app's name; undefined when the build has none. */
  manifest?: PreparedBody;
}

/**
 * The host's pages, read once at start from the client build: the shell, the pre-rendered pages with the
 * configured portal name and social links in place of the build's placeholders (shared/prerenderedPages.ts), each
 * with the public configuration block, each compressed. A build without pre-rendered pages serves the shell
 * everywhere.
 */
export function loadPortalPages(clientDir: string, config: Config): PortalPages {
  const html = 'html';
  const shell = prepareBody(html, renderIndexHtml(clientDir, config));
  const byPath = new Map<string, PreparedBody>();
  for (const [pathname, file] of Object.entries(PRERENDERED_PAGES) as Array<[PrerenderedPath, string]>) {
    const template = readIfExists(path.join(clientDir, PRERENDERED_DIR, file));
    if (template !== undefined) byPath.set(pathname, prepareBody(html, withPublicConfig(fillPlaceholders(template, publicConfigOf(config)), config)));
  }
  const manifestJson = readIfExists(path.join(clientDir, 'manifest.webmanifest'));
  let manifest: PreparedBody | undefined;
  if (manifestJson !== undefined) {
    const named = { ...(JSON.parse(manifestJson) as Record<string, unknown>), name: config.portalName, short_name: config.portalName };
    manifest = prepareBody('application/manifest+json', JSON.stringify(named));
  }
  return { shell, byPath, manifest };
}

function readIfExists(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
