// Architecture rules of server/: its folders form layers, and imports only point down.
//
//   main.ts, dev.ts                  entry points (and the CLIs accounts/userCli.ts, demo/seedCli.ts)
//   api/  web/  demo/                the API app (middleware chain, the one error mapping), the web host, demo data
//   <resource>/                      one folder per resource: its router, queries and domain errors
//   http/  outbox/  recurrence/      the HTTP kit routers use; the outbox messages are queued in; repeat rules and local date-times
//   db/                              connection, migrations, schema types
//   platform/                        configuration, logger, listening
//   shared/ (repository root)        the client/server contract
//
// Resources never import one another: what two of them need goes down a layer, or into the resource that
// owns the table. The one exception is ALLOWED_EDGES below. A new resource is one more entry in RESOURCES.

const RESOURCES = ['accounts', 'availability', 'calendarFeeds', 'churches', 'escalas', 'events', 'eventTypes', 'needs', 'notifications', 'passwordReset', 'responses', 'teams'];
const KITS = ['http', 'outbox', 'policy', 'recurrence'];

/** resource → the files of another resource it may import, and why. */
const ALLOWED_EDGES = [
  // A member's calendar feed lists the events of their escala: the same query as /api/me/events.
  { from: 'calendarFeeds', to: 'escalas', files: ['./myEventQueries.ts'] },
  // An answer returns the allocation's own JSON, and the e-mailed token belongs to the allocation: escalas owns both.
  { from: 'responses', to: 'escalas', files: ['./allocationQueries.ts', './responseTokens.ts'] },
  // Allocating someone on a day they blocked is refused, and the member picker shows the blocked ranges.
  { from: 'escalas', to: 'availability', files: ['./blockoutQueries.ts'] },
  // A password reset link sets a password like the password change does (the same rules and hash) and ends every
  // session of the account: accounts owns the rules, the hash and the sessions; passwordReset owns the links.
  { from: 'passwordReset', to: 'accounts', files: ['./passwordHasher.ts', './passwordRules.ts', './sessions.ts'] },
];

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
    zone(dir(kit), [...[...KITS, ...RESOURCES, ...COMPOSITION].filter((name) => name !== kit).map(dir)], `${kit}/ fica abaixo dos recursos: só db/ e platform/.`),
  ),
  ...RESOURCES.map((resource) =>
    zone(dir(resource), COMPOSITION.map(dir), `Um recurso não importa api/, web/ nem demo/ (as setas apontam para baixo).`),
  ),
  ...RESOURCES.flatMap((resource) =>
    RESOURCES.filter((other) => other !== resource).map((other) => {
      const edge = ALLOWED_EDGES.find((allowed) => allowed.from === resource && allowed.to === other);
      return zone(dir(resource), dir(other), `Recursos não importam uns aos outros (${resource}/ → ${other}/): desça o que ambos usam.`, edge?.files);
    }),
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
