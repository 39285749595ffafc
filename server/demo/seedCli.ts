import { loadConfig } from '../platform/config.ts';
import { openDatabase } from '../db/openDatabase.ts';
import { isEmpty } from './demoEvents.ts';
import { seedDemo } from './seedDemo.ts';

/** `npm run seed [-- --force]`: demo data on demand (the only way it reaches a PostgreSQL database). */
const config = loadConfig();
const force = process.argv.includes('--force');
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  if (!force && !(await isEmpty(database.db))) {
    console.error('O banco já tem dados; nada foi alterado. Use `npm run seed -- --force` para acrescentar os eventos de demonstração mesmo assim.');
    process.exitCode = 1;
  } else {
    const result = await seedDemo(database, config);
    console.log(`Dados de demonstração criados: ${JSON.stringify(result)}`);
  }
} finally {
  await database.close();
}
