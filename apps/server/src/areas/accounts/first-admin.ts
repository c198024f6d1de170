import { count } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { staff } from '../../db/schema';

/** The one command that makes the first administrator (scripts: staff:create). */
export const createFirstAdminCommand = 'npm run staff:create -- --name 张三 --phone 13800000000 --role admin';

/**
 * Production starts with no staff account and no known password: the log says how to make
 * the first administrator (the command asks for a password or makes one and shows it once).
 */
export async function warnWhenNoStaff(db: Db, log: FastifyBaseLogger) {
  const [row] = await db.select({ n: count() }).from(staff);
  if ((row?.n ?? 0) > 0) return;
  log.warn(
    { command: createFirstAdminCommand },
    `no staff account yet: create the first administrator with \`${createFirstAdminCommand}\` (stop the server first when the database is PGlite under DATA_DIR)`,
  );
}
