// Architecture rules of server/: its folders form layers, and imports only point down.
//
//   main.ts, dev.ts                  entry points (and the CLIs accounts/userCli.ts, demo/seedCli.ts)
//   api/  web/  demo/                the API app (middleware chain, the one error mapping), the web host, demo data
//   <resource>/                      one folder per resource: its router, queries and domain errors
//   http/  outbox/  policy/  recurrence/   the HTTP kit routers use; the outbox messages are queued in; permission decisions; repeat rules, local date-times and iCalendar text
//   jobs/                            jobs that run once across instances: the claim of a period (job_runs), the daily scheduler
//   db/                              connection, migrations, schema types
//   platform/                        configuration, logger, listening
//   shared/ (repository root)        the client/server contract
//
// Resources never import one another's files: each table has one owner (the resource that writes it), and what
// another resource needs of it — commands and read models — goes through the owner's `public.ts`, the one file of
// a resource others may import (server/README.md). A new resource is one more entry in RESOURCES.

const RESOURCES = ['accounts', 'audit', 'availability', 'calendarFeeds', 'churches', 'coverRequests', 'drafts', 'escalas', 'events', 'eventTypes', 'invitations', 'joinRequests', 'needs', 'notifications', 'openPlaces', 'passwordReset', 'responses', 'teamImport', 'teams'];
const KITS = ['http', 'jobs', 'outbox', 'policy', 'recurrence'];
/** Kits that stand on another kit: http/ turns the policy's refusals into 403 (requireLeadership.ts). */
const KITS_BELOW = { http: ['policy'] };

/** The one file of a resource other resources may import. */
const PUBLIC_DOOR = ['./public.ts'];

const dir = (name) => `./server/${name}`;
const ENTRY_POINTS = ['./server/main.ts', './server/dev.ts', './server/accounts/userCli.ts', './server/demo/seedCli.ts'];
const COMPOSITION = ['api', 'web', 'demo'];

const zone = (target, from, message, except) => ({ target, from, message, ...(except ? { except } : {}) });

const zones = [
  // The root config's client/server zone, repeated: this rule's options replace it for server files.
  zone('./server', './client', 'O servidor não importa código do cliente.'),
  zone('./server', ENTRY_POINTS, 'Pontos de entrada (main.ts, dev.ts, CLIs) não são importados.'),
  zone(dir('platform'), ['./server/!(platform)/**', './server/*.ts'], 'platform/ é a base: não importa outras pastas do servidor.'),
  zone(dir('db'), ['./server/!(db|platform)/**', './server/*.ts'], 'db/ não conhece recursos nem HTTP: só platform/.'),
  ...KITS.map((kit) =>
    zone(
      dir(kit),
      [...[...KITS, ...RESOURCES, ...COMPOSITION].filter((name) => name !== kit && !(KITS_BELOW[kit] ?? []).includes(name)).map(dir)],
      `${kit}/ fica abaixo dos recursos: só db/, platform/${(KITS_BELOW[kit] ?? []).map((below) => ` e ${below}/`).join('')}.`,
    ),
  ),
  ...RESOURCES.map((resource) =>
    zone(dir(resource), COMPOSITION.map(dir), `Um recurso não importa api/, web/ nem demo/ (as setas apontam para baixo).`),
  ),
  ...RESOURCES.flatMap((resource) =>
    RESOURCES.filter((other) => other !== resource).map((other) =>
      zone(dir(resource), dir(other), `Recursos só importam o public.ts uns dos outros (${resource}/ → ${other}/): peça ao dono da tabela, ou desça o que ambos usam.`, PUBLIC_DOOR),
    ),
  ),
  ...COMPOSITION.map((part) =>
    zone(dir(part), COMPOSITION.filter((other) => other !== part).map(dir), `api/, web/ e demo/ não importam uns aos outros.`),
  ),
];

export const serverBoundaries = [
  {
    files: ['server/**/*.ts'],
    // no-cycle follows imports by parsing the files they name, which it does only for extensions it is told of.
    settings: {
      'import-x/extensions': ['.ts'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
];
