/**
 * The two calls of WeChat's website login (there is no official Node SDK for it): exchanging the code the buyer
 * brings back for an access token and openid, and reading the WeChat profile's nickname. Node's fetch (undici).
 * Secrets travel only in the request to WeChat; nothing of the request is logged.
 */
import { z } from 'zod';
import type { WechatLoginConfig } from '../../config';

const TIMEOUT_MS = 10_000;

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  openid: z.string().min(1).max(128),
  unionid: z.string().max(128).optional(),
});
const profileAnswer = z.object({ nickname: z.string().max(100) });
/** WeChat answers errors with HTTP 200 and an errcode. */
const errorAnswer = z.object({ errcode: z.number().refine((n) => n !== 0) });

export interface WechatIdentity {
  accessToken: string;
  openid: string;
  unionid: string | null;
}

async function getJson(url: URL): Promise<unknown> {
  const response = await fetch(url, {
    signal: AbortSignal.timeout(TIMEOUT_MS),
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`WeChat answered HTTP ${response.status}`);
  // WeChat sends JSON as text/plain at times; read it as text either way.
  return JSON.parse(await response.text()) as unknown;
}

/** sns/oauth2/access_token: the identity behind a code; undefined when WeChat refuses the code. */
export async function exchangeCode(config: WechatLoginConfig, code: string): Promise<WechatIdentity | undefined> {
  const url = new URL(`${config.apiBase}/sns/oauth2/access_token`);
  url.search = new URLSearchParams({
    appid: config.appId,
    secret: config.appSecret,
    code,
    grant_type: 'authorization_code',
  }).toString();
  const answer = await getJson(url);
  if (errorAnswer.safeParse(answer).success) return undefined;
  const token = tokenAnswer.parse(answer);
  return { accessToken: token.access_token, openid: token.openid, unionid: token.unionid ?? null };
}

/** sns/userinfo: the WeChat nickname, or null when WeChat does not give it. */
export async function nicknameOf(config: WechatLoginConfig, identity: WechatIdentity): Promise<string | null> {
  const url = new URL(`${config.apiBase}/sns/userinfo`);
  url.search = new URLSearchParams({ access_token: identity.accessToken, openid: identity.openid }).toString();
  const profile = profileAnswer.safeParse(await getJson(url));
  return profile.success && profile.data.nickname.trim() !== '' ? profile.data.nickname.trim() : null;
}

/**
 * The QR code page of WeChat's website login for this state (qrconnect); WeChat sends the buyer back to the
 * configured address, or to another page of the same site (registration's).
 */
export function qrconnectUrl(
  config: WechatLoginConfig,
  state: string,
  redirectUri: string = config.redirectUri,
): string {
  const query = new URLSearchParams({
    appid: config.appId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'snsapi_login',
    state,
  });
  return `${config.openBase}/connect/qrconnect?${query.toString()}#wechat_redirect`;
}
