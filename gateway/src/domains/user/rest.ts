import type { Schemas, UpstreamSession } from '../../rest/client';
import { upstreamStatusOf } from '../../errors';
import type { AddressMapper, SiteConfigMapper, UserMapper } from './mappers';

/** The form of POST /api/user/address (create) and POST /api/user/address/{id} (update). */
/** `is_default` left out keeps the address's current standing. */
export type AddressForm = Omit<Schemas['AddressForm'], 'is_default'> & { is_default?: 0 | 1 };

export function isBuyer(base: SiteConfigMapper): base is UserMapper {
  return base.show === 1;
}

export async function fetchUserBase(upstream: UpstreamSession): Promise<SiteConfigMapper> {
  return (await upstream.get('/api/user/base')).data;
}

export async function postLogin(upstream: UpstreamSession, username: string, password: string) {
  return (await upstream.post('/api/user/login', { form: { username, password } })).data;
}

export async function deleteSession(upstream: UpstreamSession): Promise<void> {
  await upstream.delete('/api/user/logout');
}

export async function fetchAddresses(upstream: UpstreamSession): Promise<AddressMapper[]> {
  return (await upstream.get('/api/user/address')).data;
}

export async function postAddress(upstream: UpstreamSession, form: AddressForm): Promise<AddressMapper> {
  return (await upstream.post('/api/user/address', { form })).data;
}

export async function postAddressUpdate(upstream: UpstreamSession, id: string, form: AddressForm) {
  return (await upstream.post('/api/user/address/{id}', { path: { id }, form })).data;
}

/** False when there was no such address of the buyer's (404): nothing was removed. */
export async function deleteAddress(upstream: UpstreamSession, id: string): Promise<boolean> {
  try {
    await upstream.delete('/api/user/address/{id}', { path: { id } });
    return true;
  } catch (error) {
    if (upstreamStatusOf(error) === 404) return false;
    throw error;
  }
}

/** ACCOUNT-24: makes the address the only default; another buyer's address is refused as an unknown one. */
export async function postDefaultAddress(upstream: UpstreamSession, id: string): Promise<AddressMapper> {
  return (await upstream.post('/api/user/address/{id}/default', { path: { id } })).data;
}
