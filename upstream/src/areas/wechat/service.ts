/** Binding a buyer's WeChat through WeChat's website login (ACCOUNT-21..ACCOUNT-23 in docs/product.md). */
import { randomBytes } from 'node:crypto';
import { Refusal } from '@pharma/domain/codes';
import type { FastifyBaseLogger } from 'fastify';
import type { WechatLoginConfig } from '../../config';
import type { Db, Queryable } from '../../db/db';
import { hashToken } from '../../lib/auth';
import { ApiError, formError, iso } from '../../lib/http';
import { exchangeCode, nicknameOf, qrconnectUrl, type WechatIdentity } from './client';
import * as store from './store';

/** ACCOUNT-22: how long a binding started may take to come back from WeChat. */
export const STATE_TTL_SECONDS = 600;

const notOpen = () => new ApiError(400, Refusal.WECHAT_NOT_OPEN, '微信绑定暂未开通');
const stateRefused = () => formError({ state: ['绑定请求已失效，请重新扫码绑定'] });

/** ACCOUNT-23: an openid shown in part only: the first and last four characters. */
export function maskOpenid(openid: string): string {
  return openid.length <= 8 ? `${openid.slice(0, 2)}****` : `${openid.slice(0, 4)}****${openid.slice(-4)}`;
}

/**
 * The WeChat identity (and nickname, when WeChat gives it) behind the code a buyer came back with; refused with
 * `failed` when WeChat refuses the code or cannot be reached. Binding and registering both start here.
 */
async function identityOf(
  config: WechatLoginConfig,
  code: string,
  log: FastifyBaseLogger,
  failed: string,
): Promise<{ openid: string; unionid: string | null; nickname: string | null }> {
  let identity: WechatIdentity | undefined;
  let nickname: string | null = null;
  try {
    identity = await exchangeCode(config, code);
    if (identity !== undefined) nickname = await nicknameOf(config, identity).catch(() => null);
  } catch (error) {
    // The message only: the request carried the app secret.
    log.warn({ reason: error instanceof Error ? error.message : 'unknown' }, 'WeChat code exchange failed');
    identity = undefined;
  }
  if (identity === undefined) throw new ApiError(400, Refusal.WECHAT_FAILED, failed);
  return { openid: identity.openid, unionid: identity.unionid, nickname };
}

/** The binding as the /bdwx page shows it, and whether binding is open at all (ACCOUNT-21). */
export async function status(db: Db, config: WechatLoginConfig | undefined, userId: number) {
  const binding = await store.bindingOf(db, userId);
  return {
    open: config === undefined ? 0 : 1,
    bound: binding === undefined ? 0 : 1,
    wechat: binding === undefined ? null : (binding.nickname ?? maskOpenid(binding.openid)),
    bound_at: binding === undefined ? null : iso(binding.bound_at),
  };
}

/**
 * ACCOUNT-22: starts a binding: a random state kept (as its hash) for this session only, and the address of
 * WeChat's QR code page carrying it.
 */
export async function authorize(
  db: Db,
  config: WechatLoginConfig | undefined,
  session: { userId: number; token: string },
) {
  if (config === undefined) throw notOpen();
  const state = randomBytes(24).toString('base64url');
  await db.transaction((tx) =>
    store.insertState(tx, hashToken(state), hashToken(session.token), session.userId, STATE_TTL_SECONDS),
  );
  return { url: qrconnectUrl(config, state), expires_in: STATE_TTL_SECONDS };
}

/**
 * ACCOUNT-22, ACCOUNT-23: finishes a binding with the code and state WeChat sent the buyer back with. The state is
 * used up by the first try, and one that is unknown, replayed, expired or of another session is refused before
 * WeChat is asked anything. One WeChat account binds one buyer.
 */
export async function bind(
  db: Db,
  config: WechatLoginConfig | undefined,
  session: { userId: number; token: string },
  code: string,
  state: string,
  log: FastifyBaseLogger,
) {
  if (config === undefined) throw notOpen();
  const taken = await store.takeState(db, hashToken(state));
  if (
    taken === undefined ||
    !taken.live ||
    taken.user_id !== session.userId ||
    taken.session_hash !== hashToken(session.token)
  ) {
    throw stateRefused();
  }
  const found = await identityOf(config, code, log, '微信授权失败，请重新扫码绑定');
  const { nickname } = found;
  await db.transaction(async (tx) => {
    await store.lockUser(tx, session.userId);
    const owner = await store.ownerOf(tx, found.openid);
    if (owner !== undefined && owner !== session.userId) {
      throw new ApiError(400, Refusal.WECHAT_TAKEN, '该微信已绑定其他账号，请先在原账号解除绑定');
    }
    await store.saveBinding(
      tx,
      session.userId,
      { openid: found.openid, unionid: found.unionid, nickname },
      nickname ?? maskOpenid(found.openid),
    );
  });
  return status(db, config, session.userId);
}

/** ACCOUNT-23: removes the buyer's binding (nothing bound is no error); open or not, a binding can always go. */
export async function unbind(db: Db, config: WechatLoginConfig | undefined, userId: number) {
  const removed = await db.transaction(async (tx) => {
    await store.lockUser(tx, userId);
    return store.removeBinding(tx, userId);
  });
  return { removed: removed ? 1 : 0, ...(await status(db, config, userId)) };
}

/** AUTH-12: how long a registration may take to come back from WeChat, and then to be filled in. */
export const SIGNUP_TICKET_TTL_SECONDS = 1800;

const signupStateRefused = () => formError({ state: ['微信授权已失效，请重新扫码注册'] });

/** AUTH-12: whether registering with WeChat is open (WeChat's website login is configured). */
export const signupOpen = (config: WechatLoginConfig | undefined) => ({ open: config === undefined ? 0 : 1 });

/** AUTH-12: where WeChat should send a registering visitor back: the registration page of the configured site. */
const signupRedirect = (config: WechatLoginConfig) => new URL('/register/wechat', config.redirectUri).toString();

/** AUTH-12: starts a registration with WeChat: a random state, kept as its hash, and WeChat's QR code page. */
export async function signupAuthorize(db: Db, config: WechatLoginConfig | undefined) {
  if (config === undefined) throw new ApiError(400, Refusal.WECHAT_NOT_OPEN, '微信注册暂未开通');
  const state = randomBytes(24).toString('base64url');
  await db.transaction((tx) => store.insertSignupState(tx, hashToken(state), STATE_TTL_SECONDS));
  return { url: qrconnectUrl(config, state, signupRedirect(config)), expires_in: STATE_TTL_SECONDS };
}

/**
 * AUTH-12: WeChat sent the visitor back: the state is used up, the code exchanged, and the identity kept under a
 * ticket that the registration form sends with its fields. A WeChat account already bound is refused: its owner
 * signs in instead.
 */
export async function signupIdentify(
  db: Db,
  config: WechatLoginConfig | undefined,
  code: string,
  state: string,
  log: FastifyBaseLogger,
) {
  if (config === undefined) throw new ApiError(400, Refusal.WECHAT_NOT_OPEN, '微信注册暂未开通');
  if (!(await store.takeSignupState(db, hashToken(state)))) throw signupStateRefused();
  const found = await identityOf(config, code, log, '微信授权失败，请重新扫码注册');
  if ((await store.ownerOf(db, found.openid)) !== undefined) {
    throw new ApiError(400, Refusal.WECHAT_TAKEN, '该微信已绑定账号，请直接登录');
  }
  const ticket = randomBytes(24).toString('base64url');
  await db.transaction((tx) => store.insertSignupIdentity(tx, hashToken(ticket), found, SIGNUP_TICKET_TTL_SECONDS));
  return { ticket, wechat: found.nickname ?? maskOpenid(found.openid), expires_in: SIGNUP_TICKET_TTL_SECONDS };
}

/**
 * AUTH-12: binds the WeChat a ticket names to the buyer just registered, in the registration's transaction: a dead
 * ticket, or a WeChat bound meanwhile, undoes the registration, and the form says why.
 */
export async function bindSignup(tx: Queryable, ticket: string, userId: number): Promise<void> {
  const identity = await store.takeSignupIdentity(tx, hashToken(ticket));
  if (identity === undefined) throw formError({ wechat_ticket: ['微信授权已失效，请重新扫码注册'] });
  if ((await store.ownerOf(tx, identity.openid)) !== undefined) {
    throw new ApiError(400, Refusal.WECHAT_TAKEN, '该微信已绑定账号，请直接登录');
  }
  await store.saveBinding(tx, userId, identity, identity.nickname ?? maskOpenid(identity.openid));
}
