import type { FormOf, UpstreamSession } from '../../rest/client';
import { badUserInput } from '../../errors';
import { isMobile, RuleText } from '@pharma/domain/validation';
import type { SendCodePayloadMapper } from './mappers';

export type CodeType = 1 | 2;

export type RegisterForm = FormOf<'/api/user/register', 'post'>;

/** The phone trimmed, or BAD_USER_INPUT before any upstream call (VAL-01). */
export function checkMobile(phone: string): string {
  const trimmed = phone.trim();
  if (!isMobile(trimmed)) throw badUserInput({ phone: [RuleText.mobile] });
  return trimmed;
}

export async function postCreateCode(
  upstream: UpstreamSession,
  phone: string,
  type: CodeType,
): Promise<SendCodePayloadMapper> {
  const { data } = await upstream.post('/api/user/create_code', { form: { phone, type } });
  return { resendIn: data.resend_in, expiresIn: data.expires_in, refusal: null };
}

export async function fetchPhoneRegistered(upstream: UpstreamSession, phone: string): Promise<boolean> {
  return (await upstream.get('/api/user/phone/{value}', { path: { value: phone } })).data.registered === 1;
}

export async function postRegister(upstream: UpstreamSession, form: RegisterForm) {
  return (await upstream.post('/api/user/register', { form })).data;
}

export async function postRegisterStore(upstream: UpstreamSession, form: FormOf<'/api/user/register_store', 'post'>) {
  return (await upstream.post('/api/user/register_store', { form })).data;
}

export async function postForget(
  upstream: UpstreamSession,
  form: { phone: string; code: string; password: string },
): Promise<string> {
  return (await upstream.post('/api/user/forget', { form })).message;
}
