/**
 * The last step of `vite build` (a plugin of vite.config.ts, after vite-plugin-pwa has written the service
 * worker): the pre-rendered pages, then the compressed copies of every asset.
 *
 * Pre-rendering: client/app/renderPage.tsx is built for Node (`vite build --ssr`, into a folder of its own that is
 * deleted afterwards) and renders each page of shared/prerenderedPages.ts with placeholders in place of the
 * configuration; the web host writes the configured values in when it starts (server/web/pages.ts). The build
 * fails when a page's HTML would not be what the browser's first render draws on another day, in another
 * timezone or with another configuration: rendered again that way and filled in, it must be the same text.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import type { PublicConfig } from '../shared/publicConfig.ts';
import { fillPlaceholders, placeholderConfig, PRERENDERED_DIR, PRERENDERED_PAGES, type PrerenderedPath } from '../shared/prerenderedPages.ts';

type RenderPage = (pathname: string, publicConfig: PublicConfig) => Promise<string>;

const ROOT_ELEMENT = '<div id="root"></div>';

/** A configuration with everything escaping could trip on. */
const SAMPLE_CONFIG: PublicConfig = {
  portalName: `Igreja "Central" & <Cia> d'Oeste`,
  timeZone: 'America/Sao_Paulo',
  social: {
    instagram: 'https://www.instagram.com/igreja?a=1&b="2"',
    facebook: 'https://www.facebook.com/igreja/',
    twitter: 'https://twitter.com/igreja',
    youtube: "https://www.youtube.com/@igreja's",
  },
  retentionDays: 730,
};

/**
 * The pages whose code the browser downloads when they are opened (client/app/router.ts): their style sheets go
 * into their pre-rendered HTML, so the page is styled before any script runs, as when its code was in the first
 * download.
 */
const LAZY_PAGE_MODULES: Partial<Record<PrerenderedPath, string>> = {
  '/': 'app/routes/HomeRoute.tsx',
  '/login': 'app/routes/LoginRoute.tsx',
};

export function prerenderAndCompress(): Plugin {
  let config: ResolvedConfig;
  let bundle: Rollup.OutputBundle | undefined;
  return {
    name: 'koinonia:prerender-and-compress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle(_options, output) {
      if (!config.build.ssr && 'index.html' in output) bundle = output;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler(error?: Error) {
        if (error || config.build.ssr) return;
        const outDir = path.resolve(config.root, config.build.outDir);
        await prerenderPages(config, outDir, bundle);
        compressAssets(outDir);
      },
    },
  };
}

/** The style sheets a chunk brings with it, its static imports' included. */
function styleSheetsOf(bundle: Rollup.OutputBundle, fileName: string, seen = new Set<string>()): string[] {
  const chunk = bundle[fileName];
  if (seen.has(fileName) || chunk?.type !== 'chunk') return [];
  seen.add(fileName);
  const own = [...((chunk as { viteMetadata?: { importedCss: Set<string> } }).viteMetadata?.importedCss ?? [])];
  return [...own, ...chunk.imports.flatMap((imported) => styleSheetsOf(bundle, imported, seen))];
}

/** `<link>`s of the style sheets of `pathname`'s lazily loaded page that index.html does not already load. */
function lazyPageStyles(config: ResolvedConfig, bundle: Rollup.OutputBundle | undefined, pathname: PrerenderedPath, shell: string): string {
  const module = LAZY_PAGE_MODULES[pathname];
  if (!module) return '';
  const moduleId = path.join(config.root, module);
  const chunk = Object.values(bundle ?? {}).find((output) => output.type === 'chunk' && output.facadeModuleId === moduleId);
  if (!chunk) throw new Error(`${pathname}: o pacote não tem o trecho de ${module} (client/app/router.ts mudou?)`);
  const base = config.base.endsWith('/') ? config.base : `${config.base}/`;
  return [...new Set(styleSheetsOf(bundle!, chunk.fileName))]
    .map((file) => `${base}${file}`)
    .filter((href) => !shell.includes(`href="${href}"`))
    .map((href) => `<link rel="stylesheet" crossorigin href="${href}">`)
    .join('');
}

async function prerenderPages(config: ResolvedConfig, outDir: string, bundle: Rollup.OutputBundle | undefined): Promise<void> {
  const shell = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  if (!shell.includes(ROOT_ELEMENT)) throw new Error(`index.html sem ${ROOT_ELEMENT}`);
  // Inside node_modules, so the bundle's imports of React and the rest resolve from the project's packages.
  const ssrDir = fs.mkdtempSync(path.join(config.root, '../node_modules/.koinonia-prerender-'));
  try {
    await build({
      configFile: false,
      root: config.root,
      mode: config.mode,
      logLevel: 'warn',
      plugins: [react()],
      build: { ssr: path.join(config.root, 'app/renderPage.tsx'), outDir: ssrDir, emptyOutDir: true, minify: false },
    });
    const entry = fs.readdirSync(ssrDir).find((name) => /^renderPage\.m?js$/.test(name));
    if (!entry) throw new Error(`a renderização para Node não gerou renderPage.js em ${ssrDir}`);
    const { renderPage } = (await import(pathToFileURL(path.join(ssrDir, entry)).href)) as { renderPage: RenderPage };
    fs.mkdirSync(path.join(outDir, PRERENDERED_DIR), { recursive: true });
    for (const [pathname, file] of Object.entries(PRERENDERED_PAGES) as Array<[PrerenderedPath, string]>) {
      const template = await renderPage(pathname, placeholderConfig());
      await checkIndependence(renderPage, pathname, template);
      const styles = lazyPageStyles(config, bundle, pathname, shell);
      const html = shell.replace('</head>', () => `${styles}</head>`).replace(ROOT_ELEMENT, () => `<div id="root">${template}</div>`);
      fs.writeFileSync(path.join(outDir, PRERENDERED_DIR, file), html);
    }
  } finally {
    fs.rmSync(ssrDir, { recursive: true, force: true });
  }
}

/** The page, rendered with real values on a day 40 days on and in two timezones, is the template filled in. */
async function checkIndependence(renderPage: RenderPage, pathname: string, template: string): Promise<void> {
  const expected = fillPlaceholders(template, SAMPLE_CONFIG);
  const today = await renderPage(pathname, SAMPLE_CONFIG);
  const later = await withClockMoved(40 * 24 * 60 * 60 * 1000, () => renderPage(pathname, { ...SAMPLE_CONFIG, timeZone: 'Asia/Tokyo' }));
  for (const [what, html] of [
    ['com outra configuração', today],
    ['em outro dia e outro fuso', later],
  ] as const) {
    if (html !== expected) {
      const at = [...html].findIndex((character, index) => character !== expected[index]);
      throw new Error(
        `A página ${pathname} pré-renderizada muda ${what}: o navegador a desenharia diferente (hidratação com divergência). ` +
          `Deixe essa parte para depois da primeira renderização. Perto de: …${html.slice(Math.max(0, at - 80), at + 80)}…`,
      );
    }
  }
}

/** Runs `render` with `Date` (without arguments, and `Date.now()`) `offsetMs` later than the real clock. */
async function withClockMoved<T>(offsetMs: number, render: () => Promise<T>): Promise<T> {
  const RealDate = Date;
  class MovedDate extends RealDate {
    constructor(...args: ConstructorParameters<typeof Date> | []) {
      if (args.length === 0) super(RealDate.now() + offsetMs);
      else super(...(args as ConstructorParameters<typeof Date>));
    }
    static override now() {
      return RealDate.now() + offsetMs;
    }
  }
  globalThis.Date = MovedDate as DateConstructor;
  try {
    return await render();
  } finally {
    globalThis.Date = RealDate;
  }
}

/** What is worth compressing: text formats, from 1 KB (below that the headers weigh more than the saving). */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest|txt)$/;
const MIN_BYTES = 1024;

/**
 * Writes `file.br` (brotli, best) and `file.gz` (gzip, best) beside each compressible asset, for the web host to
 * send to browsers that accept them (express-static-gzip). The HTML pages are not among them: the web host
 * writes its configuration into them, and compresses them once when it starts.
 */
export function compressAssets(outDir: string): void {
  for (const entry of fs.readdirSync(outDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const data = fs.readFileSync(file);
    if (data.length < MIN_BYTES) continue;
    const brotli = zlib.brotliCompressSync(data, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    });
    const gzip = zlib.gzipSync(data, { level: zlib.constants.Z_BEST_COMPRESSION });
    if (brotli.length < data.length * 0.9) fs.writeFileSync(`${file}.br`, brotli);
    if (gzip.length < data.length * 0.9) fs.writeFileSync(`${file}.gz`, gzip);
  }
}
