/**
 * `node --import tsx scripts/generateIcons.ts`: the PNG icons of the web app manifest (client/public/icons/),
 * drawn from client/public/favicon.svg by Chromium (the one the end-to-end tests use; CHROMIUM_PATH to choose
 * another). Run it again after changing the favicon and commit the PNGs: the build itself needs no browser.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PUBLIC_DIR = path.join(ROOT, 'client/public');
const ICONS_DIR = path.join(PUBLIC_DIR, 'icons');

interface Icon {
  file: string;
  size: number;
  /** The favicon's share of the square: a maskable icon keeps it inside the 80 % safe zone, on its own colour. */
  scale: number;
  background?: string;
}

const ICONS: Icon[] = [
  { file: 'icon-192.png', size: 192, scale: 1 },
  { file: 'icon-512.png', size: 512, scale: 1 },
  { file: 'icon-maskable-512.png', size: 512, scale: 0.7, background: '#1f4e79' },
  { file: 'apple-touch-icon.png', size: 180, scale: 0.86, background: '#1f4e79' },
];

async function main(): Promise<void> {
  const svg = fs.readFileSync(path.join(PUBLIC_DIR, 'favicon.svg'), 'utf8');
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] });
  try {
    fs.mkdirSync(ICONS_DIR, { recursive: true });
    for (const icon of ICONS) {
      const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
      const inner = Math.round(icon.size * icon.scale);
      await page.setContent(
        `<!doctype html><html><body style="margin:0;width:${icon.size}px;height:${icon.size}px;display:grid;place-items:center;` +
          `background:${icon.background ?? 'transparent'}">` +
          `<img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" width="${inner}" height="${inner}"></body></html>`,
      );
      await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
      await page.screenshot({ path: path.join(ICONS_DIR, icon.file), omitBackground: !icon.background });
      await page.close();
      console.log(`${icon.file}: ${fs.statSync(path.join(ICONS_DIR, icon.file)).size} bytes`);
    }
  } finally {
    await browser.close();
  }
}

await main();
