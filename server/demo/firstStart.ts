import type { Config } from '../platform/config.ts';
import type { Database } from '../db/openDatabase.ts';
import { isEmpty } from './demoEvents.ts';
import { seedDemo, type DemoSeedResult } from './seedDemo.ts';

/**
 * The first start of a new embedded (SQLite) database creates the demo data, unless `DEMO_DATA=false`; its two
 * accounts get random passwords, which the caller shows once. PostgreSQL — a deployment's database — and a
 * database that already has anything (an admin created with `npm run user`, say) are left alone.
 */
export async function seedDemoOnFirstStart(
  database: Database,
  config: Pick<Config, 'timeZone' | 'demoData'>,
  now = new Date(),
): Promise<DemoSeedResult | undefined> {
  if (!config.demoData || database.dialect !== 'sqlite' || !(await isEmpty(database.db))) return undefined;
  return seedDemo(database, config, { now });
}

/** The start-up line: what was created and how to sign in, the only time the passwords are shown. */
export function demoSeededMessage(result: DemoSeedResult): string {
  const accounts = result.accounts.map((account) => `${account.email} / ${account.password} (${account.role})`).join(', ');
  return (
    `banco embutido vazio: dados de demonstração criados (${result.events} eventos). ` +
    `Contas de demonstração, com senhas aleatórias mostradas só agora: ${accounts}. ` +
    'Para pôr em produção, veja "Pôr em produção" no README (DEMO_DATA=false; npm run seed -- --remove).'
  );
}

/**
 * The same, as lines a person reads in the terminal (the JSON log line is for machines): written once, to standard
 * error so a log collector reading standard output still gets only JSON.
 */
export function demoSeededBanner(result: DemoSeedResult, portalUrl: string): string {
  const width = Math.max(...result.accounts.map((account) => account.email.length));
  return [
    '',
    `Dados de demonstração criados (${result.events} eventos). Entre em ${portalUrl}/login com:`,
    ...result.accounts.map((account) => `  ${account.email.padEnd(width)}  senha: ${account.password}  (${account.role})`),
    'As senhas aparecem só agora. Perdeu? npm run user -- reset-password <email>',
    '',
    '',
  ].join('\n');
}

/** The fields of that log line: the counts, and the accounts for whoever reads the log as JSON. */
export function demoSeededLogFields(result: DemoSeedResult): Record<string, unknown> {
  const { eventTypes, events, users, allocations, accounts } = result;
  return { eventTypes, events, users, allocations, demoAccounts: accounts.map(({ email, role, password }) => ({ email, role, password })) };
}
