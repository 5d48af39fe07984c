import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { Queryable } from '../db/db';
import { requireSession } from '../lib/auth';
import { flag, notFound, ok, parse, parseId } from '../lib/http';

// Spec section 5: a mobile number (1, then 3-9, then 9 digits) or a landline (0 + 2-3 digit area code, hyphen, 7-8
// digits).
const MOBILE = /^1[3-9]\d{9}$/;
const LANDLINE = /^0\d{2,3}-\d{7,8}$/;
export const PHONE_MESSAGE = '请输入正确的手机号码或固定电话';
export const isPhone = (value: string) => MOBILE.test(value) || LANDLINE.test(value);

const text = (missing: string, max: number) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, `最多${max}个字`);

const addressBody = z.object(
  {
    consignee: text('请输入收货人', 20),
    phone: z.string({ error: PHONE_MESSAGE }).trim().refine(isPhone, PHONE_MESSAGE),
    province: text('请选择省份', 20),
    city: text('请选择城市', 20),
    district: text('请选择区县', 20),
    address: text('请输入详细地址', 120),
    is_default: flag('is_default只能是0或1').default(0),
  },
  { error: '请填写收货地址' },
);

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

const COLUMNS = 'id, consignee, phone, province, city, district, address, is_default';
const addressNotFound = () => notFound('收货地址不存在');

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
async function lockBuyer(tx: Queryable, userId: number): Promise<void> {
  await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
}

export function addressRoutes(app: FastifyInstance, { db }: AppContext): void {
  app.get('/api/user/address', async (request) => {
    const { userId } = await requireSession(db, request);
    return ok(await listAddresses(db, userId));
  });

  app.post('/api/user/address', async (request) => {
    const { userId } = await requireSession(db, request);
    const body = parse(addressBody, request.body);
    const created = await db.transaction(async (tx) => {
      await lockBuyer(tx, userId);
      const [{ n } = { n: 0 }] = await tx.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM addresses WHERE user_id = $1',
        [userId],
      );
      // The first address is the default whatever the form says: an order always has one to start from.
      const isDefault = body.is_default === 1 || n === 0 ? 1 : 0;
      if (isDefault === 1) await tx.query('UPDATE addresses SET is_default = 0 WHERE user_id = $1', [userId]);
      const [row] = await tx.query<AddressDto>(
        `INSERT INTO addresses (user_id, consignee, phone, province, city, district, address, is_default)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
        [userId, body.consignee, body.phone, body.province, body.city, body.district, body.address, isDefault],
      );
      return row;
    });
    return ok(created, '添加成功');
  });

  app.post('/api/user/address/:id', async (request) => {
    const { userId } = await requireSession(db, request);
    const id = parseId((request.params as { id: string }).id);
    if (id === undefined) throw addressNotFound();
    const body = parse(addressBody, request.body);
    const updated = await db.transaction(async (tx) => {
      await lockBuyer(tx, userId);
      const current = await findAddress(tx, userId, id);
      if (current === undefined) throw addressNotFound();
      // Unsetting the default leaves it where it is: the buyer picks another default instead.
      const isDefault = body.is_default === 1 || current.is_default === 1 ? 1 : 0;
      if (isDefault === 1) {
        await tx.query('UPDATE addresses SET is_default = 0 WHERE user_id = $1 AND id <> $2', [userId, id]);
      }
      const [row] = await tx.query<AddressDto>(
        `UPDATE addresses SET consignee = $3, phone = $4, province = $5, city = $6, district = $7, address = $8,
           is_default = $9
         WHERE user_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
        [userId, id, body.consignee, body.phone, body.province, body.city, body.district, body.address, isDefault],
      );
      return row;
    });
    return ok(updated, '修改成功');
  });

  app.delete('/api/user/address/:id', async (request) => {
    const { userId } = await requireSession(db, request);
    const id = parseId((request.params as { id: string }).id);
    if (id === undefined) throw addressNotFound();
    await db.transaction(async (tx) => {
      await lockBuyer(tx, userId);
      const [gone] = await tx.query<{ is_default: number }>(
        'DELETE FROM addresses WHERE user_id = $1 AND id = $2 RETURNING is_default',
        [userId, id],
      );
      if (gone === undefined) throw addressNotFound();
      // The newest remaining address becomes the default, so the buyer always has one while any is left.
      if (gone.is_default === 1) {
        await tx.query(
          `UPDATE addresses SET is_default = 1
           WHERE id = (SELECT id FROM addresses WHERE user_id = $1 ORDER BY id DESC LIMIT 1)`,
          [userId],
        );
      }
    });
    return ok(null, '删除成功');
  });
}
