import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';

/** Builds the client with Vite in a child process (NODE_ENV=production) when no build exists. */
export async function ensureClientBuild(clientDir: string, log: (message: string) => void): Promise<void> {
  if (fs.existsSync(path.join(clientDir, 'index.html'))) return;
  log('Nenhum build do cliente encontrado; executando vite build…');
  const root = path.resolve(clientDir, '../..');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build terminou com código ${code}`))));
  });
}
