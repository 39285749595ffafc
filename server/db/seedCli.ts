import { loadConfig } from '../config.ts';
import { openDatabase } from './openDatabase.ts';
import { seedDemo } from './seedDemo.ts';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const result = await seedDemo(database, config);
  console.log(`Dados de demonstração criados: ${JSON.stringify(result)}`);
} finally {
  await database.close();
}
