// Runs before `npm install`, `npm start` and `npm test` on whatever Node the machine has: plain JavaScript that even
// an old Node reads. On Node 20 better-sqlite3 ends the process with a bare "Segmentation fault" after dozens of
// warnings; one pt-BR line saying what to install is what a newcomer needs instead (docs/product.md §3).
import console from 'node:console';
import process from 'node:process';

const REQUIRED = [22, 15];
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < REQUIRED[0] || (major === REQUIRED[0] && minor < REQUIRED[1])) {
  console.error(
    `Koinonia precisa do Node.js 24 LTS (no mínimo ${REQUIRED.join('.')}); esta máquina tem o ${process.version}. ` +
      'Instale o Node 24 (https://nodejs.org/pt/download, ou `nvm install 24`) e rode o comando de novo.',
  );
  process.exit(1);
}
