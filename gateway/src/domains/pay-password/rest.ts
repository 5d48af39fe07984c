import type { UpstreamSession } from '../../rest/client';

export async function fetchPayPasswordStatus(upstream: UpstreamSession) {
  return (await upstream.get('/api/user/pay_password')).data;
}

export async function postPayPasswordCode(upstream: UpstreamSession) {
  return (await upstream.post('/api/user/pay_password/code')).data;
}

export async function postPayPassword(
  upstream: UpstreamSession,
  form: { code: string; password: string; password_confirmation: string },
) {
  const { data, message } = await upstream.post('/api/user/pay_password', { form });
  return { payPassword: data, message };
}
