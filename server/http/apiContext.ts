import type { Config } from '../platform/config.ts';
import type { Database } from '../db/openDatabase.ts';
import type { Logger } from '../platform/logger.ts';

/** What every route of the API is built with. */
export interface ApiContext {
  database: Database;
  config: Config;
  logger: Logger;
  /** The clock; tests replace it. */
  now: () => Date;
}
