/** Delivery addresses (ORDER-11): one default at most, and always one while any address is left. */
import type { Db } from '../../db/db';
import { notFound } from '../../lib/http';
import * as store from './store';
import type { AddressDto, AddressFields } from './store';

export const addressNotFound = () => notFound('收货地址不存在');

/** Adds an address; the first one, or one asked to be, becomes the only default. */
export async function createAddress(db: Db, userId: number, fields: AddressFields): Promise<AddressDto | undefined> {
  return db.transaction(async (tx) => {
    await store.lockBuyer(tx, userId);
    // The first address is the default whatever the form says: an order always has one to start from.
    const isDefault = fields.is_default === 1 || (await store.countAddresses(tx, userId)) === 0 ? 1 : 0;
    if (isDefault === 1) await store.clearDefault(tx, userId);
    return store.insertAddress(tx, userId, { ...fields, is_default: isDefault });
  });
}

export async function updateAddress(
  db: Db,
  userId: number,
  id: number,
  fields: AddressFields,
): Promise<AddressDto | undefined> {
  return db.transaction(async (tx) => {
    await store.lockBuyer(tx, userId);
    const current = await store.findAddress(tx, userId, id);
    if (current === undefined) throw addressNotFound();
    // Unsetting the default leaves it where it is: the buyer picks another default instead.
    const isDefault = fields.is_default === 1 || current.is_default === 1 ? 1 : 0;
    if (isDefault === 1) await store.clearDefault(tx, userId, id);
    return store.updateAddress(tx, userId, id, { ...fields, is_default: isDefault });
  });
}

export async function deleteAddress(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await store.lockBuyer(tx, userId);
    const wasDefault = await store.deleteAddress(tx, userId, id);
    if (wasDefault === undefined) throw addressNotFound();
    // The newest remaining address becomes the default, so the buyer always has one while any is left.
    if (wasDefault === 1) await store.makeNewestDefault(tx, userId);
  });
}

/** ACCOUNT-24: makes one of the buyer's addresses the only default; another buyer's address is an unknown one. */
export async function setDefaultAddress(db: Db, userId: number, id: number): Promise<AddressDto> {
  return db.transaction(async (tx) => {
    await store.lockBuyer(tx, userId);
    const current = await store.findAddress(tx, userId, id);
    if (current === undefined) throw addressNotFound();
    await store.clearDefault(tx, userId, id);
    const made = await store.makeDefault(tx, userId, id);
    if (made === undefined) throw addressNotFound();
    return made;
  });
}
