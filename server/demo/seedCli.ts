import { ConfigError, loadConfig } from '../platform/config.ts';
import { openDatabase } from '../db/openDatabase.ts';
import { isEmpty } from './demoEvents.ts';
import { removeDemo } from './removeDemo.ts';
import { seedDemo } from './seedDemo.ts';

/**
 * `npm run seed [-- --force]`: demo data on demand (the only way it reaches a PostgreSQL database); the demo
 * accounts' random passwords are printed this once.
 * `npm run seed -- --remove`: takes the demo data out again (accounts, events, unused event types).
 */
async function run(args: string[]): Promise<string> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    if (args.includes('--remove')) {
      const removed = await removeDemo(database);
      return `Dados de demonstração removidos: ${removed.users} contas, ${removed.events} eventos, ${removed.eventTypes} tipos de evento, ${removed.allocations} escalas.`;
    }
    if (!args.includes('--force') && !(await isEmpty(database.db))) {
      process.exitCode = 1;
      return 'O banco já tem dados; nada foi alterado. Use `npm run seed -- --force` para acrescentar os eventos de demonstração mesmo assim.';
    }
    const result = await seedDemo(database, config);
    const lines = [`Dados de demonstração criados: ${result.events} eventos, ${result.allocations} escalas.`];
    if (result.accounts.length > 0) {
      lines.push('Contas de demonstração (senhas aleatórias, mostradas só agora):');
      for (const account of result.accounts) lines.push(`  ${account.email} / ${account.password}  (${account.role})`);
    } else {
      lines.push('As contas de demonstração já existiam; suas senhas não mudaram.');
    }
    lines.push('Para tirar tudo isso depois: npm run seed -- --remove');
    return lines.join('\n');
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (message) => (process.exitCode ? console.error(message) : console.log(message)),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
