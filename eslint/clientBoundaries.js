// Architecture rules of client/ (bulletproof-react's `import/no-restricted-paths` zones). Code flows one way:
//
//   main.tsx                  the entry point: nothing imports it
//   app/                      App, store, router, layout, routes/ (the routes compose the features);
//                             its api.ts, hooks.ts, store.ts (types), publicConfig.ts, useDocumentTitle.ts are
//                             what the layers below may use
//   features/<feature>/       one folder per feature: they never import one another
//   kit/                      what the features share (session, API errors, fields, Modal, Spinner, …); only
//                             app/api.ts above it, the one API its session endpoints are injected into
//   shared/ (repository root) the client/server contract
//
// One zone per folder of client/features, read from the disk: a new feature is fenced in as soon as it exists.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

const FEATURES = fs
  .readdirSync(path.join(ROOT, 'client/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** What of app/ a feature may import. Not the router, the layout or the routes: they import the features. */
const APP_FOR_FEATURES = ['./api.ts', './hooks.ts', './store.ts', './publicConfig.ts', './useDocumentTitle.ts'];
/** What of app/ the kit may import. */
const APP_FOR_KIT = ['./api.ts'];

const zone = (target, from, message, except) => ({ target, from, message, ...(except ? { except } : {}) });

const zones = [
  // This rule's options replace those of eslint.config.js for client/ files: its client/server fence again.
  zone('./client', './server', 'O cliente não importa código do servidor.'),
  zone('./client', './client/main.tsx', 'main.tsx é o ponto de entrada: nada o importa.'),
  ...FEATURES.map((feature) =>
    zone(
      `./client/features/${feature}`,
      './client/features',
      `features/${feature}/ não importa outra feature: o que elas compartilham vai para kit/, e app/routes/ as compõe.`,
      [`./${feature}`],
    ),
  ),
  zone(
    './client/features',
    './client/app',
    `Uma feature só usa de app/ ${APP_FOR_FEATURES.map((file) => file.slice(2)).join(', ')} (o router, o layout e as rotas importam as features).`,
    APP_FOR_FEATURES,
  ),
  zone('./client/kit', './client/features', 'kit/ fica abaixo das features: não importa nenhuma.'),
  zone('./client/kit', './client/app', 'kit/ fica abaixo de app/: só usa app/api.ts, a API onde a sessão injeta seus endpoints.', APP_FOR_KIT),
];

export const clientBoundaries = [
  {
    files: ['client/**/*.{ts,tsx}'],
    // no-cycle follows imports by parsing the files they name, which it does only for extensions it is told of.
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones, basePath: ROOT }],
      // Type-only imports do not count: hooks.ts and the API's selectors may name the store's RootState.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
];
