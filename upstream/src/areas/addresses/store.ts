/** The SQL of delivery addresses. */
import type { Queryable } from '../../db/db';

export interface AddressDto {
  id: number;
  consignee: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  address: string;
  is_default: number;
}

export type AddressFields = Omit<AddressDto, 'id'>;

const COLUMNS = 'id, consignee, phone, province, city, district, address, is_default';

/** The buyer's addresses, the default first. */
export function listAddresses(q: Queryable, userId: number): Promise<AddressDto[]> {
  return q.query<AddressDto>(`SELECT ${COLUMNS} FROM addresses WHERE user_id = $1 ORDER BY is_default DESC, id DESC`, [
    userId,
  ]);
}

export async function findAddress(q: Queryable, userId: number, id: number): Promise<AddressDto | undefined> {
  const [row] = await q.query<AddressDto>(`SELECT ${COLUMNS} FROM addresses WHERE user_id = $1 AND id = $2`, [
    userId,
    id,
  ]);
  return row;
}

/** Serialises one buyer's address-book changes, so "one default" holds under concurrent edits. */
export async function lockBuyer(tx: Queryable, userId: number): Promise<void> {
  await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
}

export async function countAddresses(tx: Queryable, userId: number): Promise<number> {
  const [row] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM addresses WHERE user_id = $1', [userId]);
  return row?.n ?? 0;
}

/** Takes the default from every address of the buyer but `keep`. */
export async function clearDefault(tx: Queryable, userId: number, keep = 0): Promise<void> {
  await tx.query('UPDATE addresses SET is_default = 0 WHERE user_id = $1 AND id <> $2', [userId, keep]);
}

const fieldValues = (a: AddressFields) => [
  a.consignee,
  a.phone,
  a.province,
  a.city,
  a.district,
  a.address,
  a.is_default,
];

export async function insertAddress(tx: Queryable, userId: number, a: AddressFields): Promise<AddressDto | undefined> {
  const [row] = await tx.query<AddressDto>(
    `INSERT INTO addresses (user_id, consignee, phone, province, city, district, address, is_default)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
    [userId, ...fieldValues(a)],
  );
  return row;
}

export async function updateAddress(
  tx: Queryable,
  userId: number,
  id: number,
  a: AddressFields,
): Promise<AddressDto | undefined> {
  const [row] = await tx.query<AddressDto>(
    `UPDATE addresses SET consignee = $3, phone = $4, province = $5, city = $6, district = $7, address = $8,
       is_default = $9
     WHERE user_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
    [userId, id, ...fieldValues(a)],
  );
  return row;
}

/** Deletes an address; answers whether it was the default, or undefined when the buyer has no such address. */
export async function deleteAddress(tx: Queryable, userId: number, id: number): Promise<number | undefined> {
  const [gone] = await tx.query<{ is_default: number }>(
    'DELETE FROM addresses WHERE user_id = $1 AND id = $2 RETURNING is_default',
    [userId, id],
  );
  return gone?.is_default;
}

export async function makeNewestDefault(tx: Queryable, userId: number): Promise<void> {
  await tx.query(
    `UPDATE addresses SET is_default = 1
     WHERE id = (SELECT id FROM addresses WHERE user_id = $1 ORDER BY id DESC LIMIT 1)`,
    [userId],
  );
}

export async function makeDefault(tx: Queryable, userId: number, id: number): Promise<AddressDto | undefined> {
  const [row] = await tx.query<AddressDto>(
    `UPDATE addresses SET is_default = 1 WHERE user_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
    [userId, id],
  );
  return row;
}
