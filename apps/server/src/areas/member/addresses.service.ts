import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import { findRegionPath, isAllowedRegion, isLeafRegion, MAX_ADDRESSES, type AddressAddBody, type AddressEditBody, type AddressEntity } from '@lab/contract';
import type { Db, DbOrTx } from '../../db/client';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { randomId } from '../../platform/crypto';
import { getSiteSettings } from '../content';
import { memberAddresses } from './member.tables';

export type AddressRow = typeof memberAddresses.$inferSelect;

export interface RegionInput {
  address_code?: string | undefined;
  province?: string | undefined;
  city?: string | undefined;
  area?: string | undefined;
}

export interface ResolvedRegion {
  province: string;
  city: string;
  area: string;
  addressCode: string;
}

/**
 * The region of a form: address_code must be a complete choice (a district, or a city
 * without districts); province, city and area are its names — filled in when left out,
 * refused when they name another place.
 */
export function resolveRegion(input: RegionInput, label: string): ResolvedRegion {
  const code = input.address_code ?? '';
  const path = findRegionPath(code);
  if (!path) throw new AppError('VALIDATION', `[${label}]不正确`);
  if (!isLeafRegion(code)) throw new AppError('VALIDATION', `[${label}]请选择到区县`);
  const [province, city, area] = path;
  const given = [input.province, input.city, input.area];
  if (given.some((name, i) => name !== undefined && name !== path[i])) {
    throw new AppError('VALIDATION', `[${label}]与地区编码不一致，请重新选择`);
  }
  return { province, city, area, addressCode: code };
}

export const fullAddress = (r: { province: string; city: string; area: string; address: string }) =>
  [r.province, r.city === r.province ? '' : r.city, r.area, r.address].filter(Boolean).join('');

export function toAddressEntity(row: AddressRow, allowRegion: readonly string[]): AddressEntity {
  return {
    rid: row.rid,
    address_rid: row.rid,
    name: row.name,
    phone: row.phone,
    province: row.province,
    city: row.city,
    area: row.area,
    address: row.address,
    address_code: row.addressCode,
    default: row.isDefault ? 1 : 0,
    disabled: !isAllowedRegion(row.addressCode, allowRegion),
  };
}

/** Every address of the member, default first, then newest; disabled where pickup is not offered. */
export async function listAddresses(db: DbOrTx, memberId: number): Promise<AddressEntity[]> {
  const [rows, settings] = await Promise.all([
    db
      .select()
      .from(memberAddresses)
      .where(eq(memberAddresses.memberId, memberId))
      .orderBy(desc(memberAddresses.isDefault), desc(memberAddresses.createdAt), desc(memberAddresses.id)),
    getSiteSettings(db),
  ]);
  return rows.map((row) => toAddressEntity(row, settings.allowRegion));
}

export async function countAddresses(db: DbOrTx, memberId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(memberAddresses).where(eq(memberAddresses.memberId, memberId));
  return row?.n ?? 0;
}

/** One of the member's own addresses; another member's rid reads as not found. */
export async function findOwnAddress(db: DbOrTx, memberId: number, rid: string): Promise<AddressRow> {
  const [row] = await db
    .select()
    .from(memberAddresses)
    .where(and(eq(memberAddresses.rid, rid), eq(memberAddresses.memberId, memberId)))
    .limit(1);
  if (!row) throw notFound('地址');
  return row;
}

/** Serialises a member's address-book changes, so the count limit and the default flag hold under races. */
async function lockAddressBook(tx: DbOrTx, memberId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`addresses:${memberId}`}))`);
}

export interface NewAddress {
  name: string;
  phone: string;
  region: ResolvedRegion;
  address: string;
  makeDefault: boolean;
}

/** Adds an address inside a caller's transaction; the first address becomes the default. */
export async function insertAddress(tx: DbOrTx, memberId: number, input: NewAddress, now: Date): Promise<AddressRow> {
  await lockAddressBook(tx, memberId);
  const existing = await countAddresses(tx, memberId);
  if (existing >= MAX_ADDRESSES) throw badRequest(`最多保存${MAX_ADDRESSES}个地址，请先删除不用的地址`);
  const makeDefault = input.makeDefault || existing === 0;
  if (makeDefault) {
    await tx.update(memberAddresses).set({ isDefault: false, updatedAt: now }).where(and(eq(memberAddresses.memberId, memberId), eq(memberAddresses.isDefault, true)));
  }
  const [row] = await tx
    .insert(memberAddresses)
    .values({
      rid: randomId(),
      memberId,
      name: input.name,
      phone: input.phone,
      ...input.region,
      address: input.address,
      isDefault: makeDefault,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

/** address/add */
export async function addAddress(db: Db, memberId: number, input: AddressAddBody, now: Date): Promise<AddressEntity> {
  const region = resolveRegion(input, '所在地区');
  const row = await db.transaction((tx) =>
    insertAddress(tx, memberId, { name: input.name, phone: input.phone, region, address: input.address, makeDefault: input.default === '1' }, now),
  );
  const { allowRegion } = await getSiteSettings(db);
  return toAddressEntity(row, allowRegion);
}

/** address/edit: default '1' makes it the default; '0' or nothing leaves the flag as it is. */
export async function editAddress(db: Db, memberId: number, input: AddressEditBody, now: Date): Promise<AddressEntity> {
  const region = resolveRegion(input, '所在地区');
  const row = await db.transaction(async (tx) => {
    await lockAddressBook(tx, memberId);
    const current = await findOwnAddress(tx, memberId, input.address_rid);
    if (input.default === '1' && !current.isDefault) {
      await tx.update(memberAddresses).set({ isDefault: false, updatedAt: now }).where(and(eq(memberAddresses.memberId, memberId), eq(memberAddresses.isDefault, true)));
    }
    const [updated] = await tx
      .update(memberAddresses)
      .set({ name: input.name, phone: input.phone, ...region, address: input.address, isDefault: current.isDefault || input.default === '1', updatedAt: now })
      .where(eq(memberAddresses.id, current.id))
      .returning();
    return updated!;
  });
  const { allowRegion } = await getSiteSettings(db);
  return toAddressEntity(row, allowRegion);
}

/** address/del: deleting the default hands the flag to the newest remaining address. */
export async function deleteAddress(db: Db, memberId: number, rid: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAddressBook(tx, memberId);
    const current = await findOwnAddress(tx, memberId, rid);
    await tx.delete(memberAddresses).where(eq(memberAddresses.id, current.id));
    if (!current.isDefault) return;
    const [next] = await tx
      .select({ id: memberAddresses.id })
      .from(memberAddresses)
      .where(and(eq(memberAddresses.memberId, memberId), ne(memberAddresses.id, current.id)))
      .orderBy(desc(memberAddresses.createdAt), desc(memberAddresses.id))
      .limit(1);
    if (next) await tx.update(memberAddresses).set({ isDefault: true, updatedAt: now }).where(eq(memberAddresses.id, next.id));
  });
}

/** address/default */
export async function setDefaultAddress(db: Db, memberId: number, rid: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAddressBook(tx, memberId);
    const current = await findOwnAddress(tx, memberId, rid);
    if (current.isDefault) return;
    await tx.update(memberAddresses).set({ isDefault: false, updatedAt: now }).where(and(eq(memberAddresses.memberId, memberId), eq(memberAddresses.isDefault, true)));
    await tx.update(memberAddresses).set({ isDefault: true, updatedAt: now }).where(eq(memberAddresses.id, current.id));
  });
}

/** The oldest address first, for callers wanting a stable "first" address. */
export async function firstAddress(db: DbOrTx, memberId: number): Promise<AddressRow | undefined> {
  const [row] = await db.select().from(memberAddresses).where(eq(memberAddresses.memberId, memberId)).orderBy(asc(memberAddresses.id)).limit(1);
  return row;
}
