import { labDay } from '@lab/contract';
import type { DbOrTx, Tx } from '../db/client';
import { violatedUniqueConstraint } from '../db/errors';
import { randomDigits, randomId } from './crypto';

/**
 * The one way to give a row a generated number people read (订单号, 预存申请号, 支付单号, 退款单号,
 * 邀请码…): draw it at random, insert the row in a savepoint, and when the number's own unique
 * constraint refuses it (another row drew the same), draw again. Random, so a number never tells
 * the next one; retried, so a clash is never a 500 (issue 28, fault 14: six random digits a day
 * answered 500 seven times in 10,900 top-up applications). A unique violation of any other
 * constraint (a phone registered twice, an invoice source already covered) is not a clash of the
 * number and is thrown to the caller as before.
 *
 * Identifiers that are never read by people (rid: 16 characters of a 56-letter alphabet, 93 bits)
 * are not drawn through here: at a billion rows the chance of any clash is below 1e-10.
 */
export interface NumberSpec {
  /** the unique constraint of the number's column, as the database names it */
  constraint: string;
  /** a fresh candidate */
  draw: (now: Date) => string;
}

/** How many draws before giving up: with 8 random digits a day, 8 clashes in a row do not happen. */
export const NUMBER_ATTEMPTS = 8;

/** Where the random parts come from: one object, so a test can script a clash (vi.spyOn). */
export const numberDraws = { digits: randomDigits, code: randomId };

/** '<prefix><Shanghai day YYYYMMDD><n random digits>': KY2026051412345678. */
export const dayNumber = (prefix: string, digits: number) => (now: Date) => `${prefix}${labDay(now).replaceAll('-', '')}${numberDraws.digits(digits)}`;

/** n characters without look-alikes (platform/crypto randomId), as invite codes are. */
export const codeNumber = (length: number) => () => numberDraws.code(length);

/**
 * Inserts a row under a fresh number: `insert` gets a savepoint (a transaction when `db` is the
 * database itself) and the number to use, and is run again with a new number when that number
 * was taken. Answers what `insert` answered.
 */
export async function insertNumbered<T>(db: DbOrTx, spec: NumberSpec, now: Date, insert: (tx: Tx, no: string) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const no = spec.draw(now);
    try {
      return await db.transaction((sp) => insert(sp, no));
    } catch (error) {
      if (attempt >= NUMBER_ATTEMPTS || violatedUniqueConstraint(error) !== spec.constraint) throw error;
    }
  }
}
