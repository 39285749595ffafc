import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const FAKE_ASSET = 'app-abc123.js';
export const FAKE_ASSET_BODY = 'console.log("koinonia");\n';
export const FAKE_INDEX_HTML = `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="UTF-8" />
    <title>Koinonia</title>
    <script type="module" crossorigin src="/assets/${FAKE_ASSET}"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/** A stand-in for `dist/client`: an index.html and one hashed asset, in a temp folder. */
export function fakeClientDir(): { dir: string; dispose(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'koinonia-client-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), FAKE_INDEX_HTML);
  fs.writeFileSync(path.join(dir, 'assets', FAKE_ASSET), FAKE_ASSET_BODY);
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return { dir, dispose: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
