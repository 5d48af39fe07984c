import type { UpstreamSession } from '../../rest/client';
import { badUserInput, unavailable } from '../../errors';
import { hasKeys } from '../../paging';
import { asLogin, type LoginDto } from '../user/rest';

/** POST /api/user/create_code's `type`: 1 registration, 2 password reset. */
export type CodeType = 1 | 2;

export type SendCodeRefusal = 'TOO_FREQUENT' | 'PHONE_REGISTERED' | 'PHONE_NOT_REGISTERED' | 'SMS_UNAVAILABLE';

/** What asking for a code answers: the timings of the code sent, or the refusal the buyer reads. */
export interface SendCodeDto {
  resendIn: number;
  expiresIn: number;
  refusal: { code: SendCodeRefusal; message: string; field: string | null } | null;
}

/** The form of POST /api/user/register; `name` is the contact person. */
export interface RegisterForm {
  phone: string;
  code: string;
  username: string;
  password: string;
  company: string;
  name: string;
}

const MOBILE = /^1[3-9]\d{9}$/;
const PHONE_MESSAGE = '请输入正确的手机号';

/**
 * The number goes into an upstream path (/api/user/phone/{value}), so it is checked here, with the upstream's own
 * rule and message (spec 5), before it can name any other path.
 */
export function checkMobile(phone: string): string {
  const trimmed = phone.trim();
  if (!MOBILE.test(trimmed)) throw badUserInput({ phone: [PHONE_MESSAGE] });
  return trimmed;
}

const isSeconds = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

export async function postCreateCode(upstream: UpstreamSession, phone: string, type: CodeType): Promise<SendCodeDto> {
  const { data } = await upstream.post<unknown>('/api/user/create_code', { phone, type });
  if (!hasKeys(data, 'expires_in', 'resend_in') || !isSeconds(data.expires_in) || !isSeconds(data.resend_in)) {
    throw unavailable();
  }
  return { resendIn: data.resend_in, expiresIn: data.expires_in, refusal: null };
}

export async function fetchPhoneRegistered(upstream: UpstreamSession, phone: string): Promise<boolean> {
  const { data } = await upstream.get<unknown>(`/api/user/phone/${encodeURIComponent(phone)}`);
  if (!hasKeys(data, 'registered') || (data.registered !== 0 && data.registered !== 1)) throw unavailable();
  return data.registered === 1;
}

/** Never retried: a repeat after a lost answer would meet its own registration (该手机号已注册). */
export async function postRegister(upstream: UpstreamSession, form: RegisterForm): Promise<LoginDto> {
  return asLogin((await upstream.post<unknown>('/api/user/register', { ...form })).data);
}

/** POST /api/user/forget: answers the upstream's message (密码重置成功). */
export async function postForget(
  upstream: UpstreamSession,
  form: { phone: string; code: string; password: string },
): Promise<string> {
  const { message } = await upstream.post<unknown>('/api/user/forget', { ...form });
  return message;
}
