import { and, desc, eq, gte, ilike, lt, type SQL } from 'drizzle-orm';
import type { OutboxEntry, OutboxListBody, Page } from '@lab/contract';
import type { DbOrTx } from '../../db/client';
import { paginate } from '../../db/paginate';
import { outbox } from '../../db/schema';
import { labDayEnd, labDayStart } from '@lab/contract';

/**
 * A verification code is the key to an account for five minutes: nobody in the back office
 * needs to read it, so codes are masked in what staff see (the provider still sent them).
 */
export function maskCodes(body: string, params: Record<string, string | number>): string {
  const code = params.code;
  if (code === undefined || code === '') return body;
  return body.split(String(code)).join('******');
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The SMS and e-mail outbox, newest first, by channel, recipient and day. */
export async function listOutbox(db: DbOrTx, query: OutboxListBody): Promise<Page<OutboxEntry>> {
  const filters: SQL[] = [];
  if (query.channel) filters.push(eq(outbox.channel, query.channel));
  if (query.recipient) filters.push(ilike(outbox.recipient, `%${escapeLike(query.recipient)}%`));
  if (query.from) filters.push(gte(outbox.createdAt, labDayStart(query.from)));
  if (query.to) filters.push(lt(outbox.createdAt, labDayEnd(query.to)));
  const where = filters.length ? and(...filters) : undefined;
  return paginate(
    query,
    (w) => db.select().from(outbox).where(where).orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(w.limit).offset(w.offset),
    () => db.$count(outbox, where),
    (rows) =>
      rows.map((row) => ({
        id: row.id,
        channel: row.channel,
        recipient: row.recipient,
        template: row.template,
        body: maskCodes(row.body, row.params),
        provider: row.provider,
        createdAt: row.createdAt.toISOString(),
      })),
  );
}
