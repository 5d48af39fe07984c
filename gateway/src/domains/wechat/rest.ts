import type { UpstreamSession } from '../../rest/client';
import type { WechatAuthorizationMapper, WechatBindingMapper } from './mappers';

export async function fetchWechat(upstream: UpstreamSession): Promise<WechatBindingMapper> {
  return (await upstream.get('/api/user/wechat')).data;
}

export async function postStartBinding(upstream: UpstreamSession): Promise<WechatAuthorizationMapper> {
  return (await upstream.post('/api/user/wechat/authorize')).data;
}

export async function postBind(upstream: UpstreamSession, code: string, state: string): Promise<WechatBindingMapper> {
  return (await upstream.post('/api/user/wechat/bind', { form: { code, state } })).data;
}

export async function deleteBinding(upstream: UpstreamSession): Promise<WechatBindingMapper> {
  return (await upstream.delete('/api/user/unbind_wechat')).data;
}

export async function fetchSignupOpen(upstream: UpstreamSession): Promise<boolean> {
  return (await upstream.get('/api/user/wechat/signup')).data.open === 1;
}

export async function postStartSignup(upstream: UpstreamSession): Promise<WechatAuthorizationMapper> {
  return (await upstream.post('/api/user/wechat/signup')).data;
}

export async function postIdentifySignup(upstream: UpstreamSession, code: string, state: string) {
  return (await upstream.post('/api/user/wechat/signup/identify', { form: { code, state } })).data;
}
