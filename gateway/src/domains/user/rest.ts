import type { UpstreamSession } from '../../rest/client';
import { unavailable, upstreamStatusOf } from '../../errors';
import { asPage, hasKeys, type PageDto } from '../../paging';

export interface AdminDto {
  name: string;
  phone: string;
  is_default: number;
}

/** GET /api/user/base: `show` 0 for a visitor (site settings only), 1 for a signed-in buyer. */
export interface UserBaseDto {
  show: number;
  id?: number | string;
  username?: string;
  name?: string | null;
  phone?: string | null;
  company?: string | null;
  face?: string | null;
  points?: number;
  message_count?: number;
  admin?: AdminDto | null;
  common_config?: { hot_line?: string; qq1?: string; qq2?: string } | null;
  quality_inspection?: { quality_inspection_url?: string | null; msg?: string | null } | null;
  is_can_chat?: boolean | number;
  timestamp?: number;
}

/** A base answer of a signed-in buyer: what `User` resolves from. */
export type BuyerDto = UserBaseDto & { id: number | string; username: string };

export interface LoginDto {
  token: string;
  user: BuyerDto;
}

export function isBuyer(base: UserBaseDto): base is BuyerDto {
  return base.show === 1 && base.id !== undefined && typeof base.username === 'string';
}

export async function fetchUserBase(upstream: UpstreamSession): Promise<UserBaseDto> {
  const { data } = await upstream.get<UserBaseDto>('/api/user/base');
  if (typeof data !== 'object' || data === null) throw unavailable();
  return data;
}

/** The answer of login, and of register, which signs the new buyer in the same way. */
export function asLogin(data: unknown): LoginDto {
  if (!hasKeys(data, 'token', 'user')) throw unavailable();
  const { token, user } = data;
  if (typeof token !== 'string' || typeof user !== 'object' || user === null) throw unavailable();
  return { token, user: user as BuyerDto };
}

export async function postLogin(upstream: UpstreamSession, username: string, password: string): Promise<LoginDto> {
  return asLogin((await upstream.post<unknown>('/api/user/login', { username, password })).data);
}

export async function deleteSession(upstream: UpstreamSession): Promise<void> {
  await upstream.delete('/api/user/logout');
}

/** A delivery address of GET /api/user/address. */
export interface AddressDto {
  id: number | string;
  consignee: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  address: string;
  is_default: number;
}

/** The form of POST /api/user/address (create) and POST /api/user/address/{id} (update). */
/** `is_default` left out keeps the address's current standing. */
export type AddressForm = Omit<AddressDto, 'id' | 'is_default'> & { is_default?: 0 | 1 };

/** One movement of GET /api/user/user_money_log; money in fen, `amount` negative when spent. */
export interface WalletLogDto {
  id: number | string;
  amount: number;
  balance_after: number;
  /** 1 recharge, 2 order payment, 3 refund. */
  use_type: number;
  remark?: string | null;
  order_id?: number | string | null;
  created_at: string | number;
}

export type WalletLogPageDto = PageDto<WalletLogDto>;

export function isAddress(value: unknown): value is AddressDto {
  return hasKeys(value, 'id', 'consignee', 'phone');
}

const isWalletLog = (value: unknown): value is WalletLogDto => hasKeys(value, 'id', 'amount', 'use_type');

function asAddress(data: unknown): AddressDto {
  if (!isAddress(data)) throw unavailable();
  return data;
}

export async function fetchAddresses(upstream: UpstreamSession): Promise<AddressDto[]> {
  const { data } = await upstream.get<unknown>('/api/user/address');
  if (!Array.isArray(data) || !data.every(isAddress)) throw unavailable();
  return data;
}

export async function postAddress(upstream: UpstreamSession, form: AddressForm): Promise<AddressDto> {
  return asAddress((await upstream.post<unknown>('/api/user/address', { ...form })).data);
}

export async function postAddressUpdate(upstream: UpstreamSession, id: string, form: AddressForm): Promise<AddressDto> {
  return asAddress((await upstream.post<unknown>(`/api/user/address/${encodeURIComponent(id)}`, { ...form })).data);
}

/** False when there was no such address of the buyer's (404): nothing was removed. */
export async function deleteAddress(upstream: UpstreamSession, id: string): Promise<boolean> {
  try {
    await upstream.delete(`/api/user/address/${encodeURIComponent(id)}`);
    return true;
  } catch (error) {
    if (upstreamStatusOf(error) === 404) return false;
    throw error;
  }
}

export async function fetchWalletBalance(upstream: UpstreamSession): Promise<number> {
  const { data } = await upstream.get<unknown>('/api/user/user_money');
  if (!hasKeys(data, 'balance') || typeof data.balance !== 'number') throw unavailable();
  return data.balance;
}

export async function fetchWalletLog(
  upstream: UpstreamSession,
  query: { page: number; page_size: number },
): Promise<WalletLogPageDto> {
  const { data } = await upstream.get<unknown>('/api/user/user_money_log', { ...query });
  return asPage(data, isWalletLog);
}
