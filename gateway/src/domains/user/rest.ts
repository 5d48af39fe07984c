import type { UpstreamSession } from '../../rest/client';
import { unavailable } from '../../errors';

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

export async function postLogin(upstream: UpstreamSession, username: string, password: string): Promise<LoginDto> {
  const { data } = await upstream.post<LoginDto>('/api/user/login', { username, password });
  if (typeof data?.token !== 'string' || typeof data.user !== 'object' || data.user === null) throw unavailable();
  return data;
}

export async function deleteSession(upstream: UpstreamSession): Promise<void> {
  await upstream.delete('/api/user/logout');
}
