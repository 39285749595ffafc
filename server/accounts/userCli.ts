import fs from 'node:fs';
import { ConfigError, loadConfig } from '../platform/config.ts';
import { openDatabase } from '../db/openDatabase.ts';
import { recordAudit } from '../audit/public.ts';
import { renewCalendarToken } from '../calendarFeeds/public.ts';
import { clearLoginFailures } from './loginThrottle.ts';
import { passwordHasher } from './passwordHasher.ts';
import { checkPasswordRules } from './passwordRules.ts';
import { deleteUserSessions } from './sessions.ts';
import { emailSchema, nameSchema, roleSchema } from '../../shared/schemas/auth.ts';
import { findUserByEmail, insertUser, setPasswordHash, setRoleByEmail } from './userQueries.ts';

const USAGE = `Uso:
  npm run user -- set-role <email> <member|leader|admin>
  npm run user -- create <email> <nome> <member|leader|admin>     (senha pela entrada padrão)
  npm run user -- reset-password <email>                         (senha pela entrada padrão; zera o bloqueio de login)`;

class CliError extends Error {}

async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Senha: ');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const password = Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
  try {
    checkPasswordRules(password);
  } catch (error) {
    throw new CliError((error as Error).message);
  }
  return password;
}

function parse<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }, value: string | undefined, what: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new CliError(`${what} inválido: ${value ?? '(vazio)'}\n${USAGE}`);
  return result.data;
}

async function run(args: string[]): Promise<string> {
  const [command, ...rest] = args;
  const config = loadConfig();
  // A DATA_DIR with a typo would otherwise get a new, empty database, and the change would land there unseen.
  if (!config.databaseUrl && !fs.existsSync(config.dataDir)) {
    throw new CliError(
      `A pasta de dados ${config.dataDir} não existe: não há banco de dados para alterar. Confira DATA_DIR (ou DATABASE_URL), ou inicie o portal uma vez com npm start.`,
    );
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const { db } = database;
  try {
    switch (command) {
      case 'set-role': {
        const email = parse(emailSchema, rest[0], 'Email');
        const role = parse(roleSchema, rest[1], 'Papel');
        // Written to the audit log as the role screen's changes are, by no account: the server's operator (docs/product.md §11).
        const found = await db.transaction().execute(async (trx) => {
          const user = await findUserByEmail(trx, email);
          if (!user) return false;
          if (user.role === role) return true;
          await setRoleByEmail(trx, email, role);
          await recordAudit(trx, { actorId: null, action: 'role_changed', subjectId: user.id, details: { from: user.role, to: role, via: 'cli' }, at: new Date().toISOString() });
          return true;
        });
        if (!found) throw new CliError(`Nenhum usuário com o email ${email}.`);
        return `${email} agora é ${role}.`;
      }
      case 'create': {
        const email = parse(emailSchema, rest[0], 'Email');
        const name = parse(nameSchema, rest[1], 'Nome');
        const role = parse(roleSchema, rest[2], 'Papel');
        const user = await insertUser(db, { email, name, role, password: await readPassword() }, new Date());
        if (!user) throw new CliError(`Já existe um usuário com o email ${email}.`);
        return `Usuário ${user.email} (${user.role}) criado com id ${user.id}.`;
      }
      case 'reset-password': {
        const email = parse(emailSchema, rest[0], 'Email');
        const user = await findUserByEmail(db, email);
        if (!user) throw new CliError(`Nenhum usuário com o email ${email}.`);
        const passwordHash = await passwordHasher.hash(await readPassword());
        const now = new Date();
        await db.transaction().execute(async (trx) => {
          await setPasswordHash(trx, user.id, passwordHash);
          await recordAudit(trx, { actorId: null, action: 'password_reset', subjectId: user.id, details: { via: 'cli' }, at: now.toISOString() });
          await deleteUserSessions(trx, user.id);
          await renewCalendarToken(trx, user.id, now);
        });
        // The owner signs in at once, even from an address or after failures the throttle was counting.
        await clearLoginFailures(db, email);
        return `Senha de ${email} redefinida; as sessões abertas foram encerradas, o endereço do calendário pessoal foi trocado e as tentativas de login falhas, esquecidas.`;
      }
      default:
        throw new CliError(USAGE);
    }
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (message) => console.log(message),
  (error: unknown) => {
    // An operator's mistake (or a bad setting) reads as one pt-BR line; anything else keeps its stack.
    console.error(error instanceof CliError || error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
