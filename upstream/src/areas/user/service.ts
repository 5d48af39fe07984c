/** Signing in and out, and the session state of the top bar (AUTH-01, AUTH-08, SHELL-03, SHELL-04 in docs/product.md). */
import type { Db, Queryable } from '../../db/db';
import { newToken } from '../../lib/auth';
import { formError } from '../../lib/http';
import { hashPassword, verifyPassword } from '../../lib/password';
import { alertOf, listDocuments, type DocumentDto } from '../qualifications/service';
import * as store from './store';
import type { SiteRow } from './store';

const unixNow = () => Math.floor(Date.now() / 1000);

/** SHELL-08: the address of the social account's QR code, drawn from the site's follow link. */
export const socialQrPath = '/api/images/social-qr.svg';

function siteFields(site: SiteRow, publicUrl: string) {
  return {
    common_config: {
      hot_line: site.hot_line,
      qq1: site.qq1,
      qq2: site.qq2,
      // SHELL-08: the social account (公众号) of the side bar; no code without a follow link to encode.
      gzh_name: site.social_account_name,
      gzh_qrcode: site.social_account_url ? `${publicUrl}${socialQrPath}` : null,
    },
    quality_inspection: { quality_inspection_url: site.quality_inspection_url, msg: site.quality_inspection_msg },
    is_can_chat: site.is_can_chat,
    // SHELL-08: the embedded chat's address, set per deployment; null when online chat is not open.
    chat_url: site.chat_url,
  };
}

/** The `base` answer of a visitor: the site settings only. */
export async function visitorBase(q: Queryable, publicUrl: string) {
  return { show: 0, ...siteFields(await store.siteConfig(q), publicUrl), timestamp: unixNow() };
}

/** SHELL-08: the follow link of the social account, which its QR code encodes; null when there is none. */
export async function socialAccountUrl(q: Queryable): Promise<string | null> {
  return (await store.siteConfig(q)).social_account_url;
}

/** The `base` answer for a signed-in buyer (docs/rest-api.md). */
export async function buyerBase(
  q: Queryable,
  publicUrl: string,
  userId: number,
  token: string,
  known?: readonly DocumentDto[],
) {
  const [site, u, documents] = await Promise.all([
    store.siteConfig(q),
    store.buyer(q, userId),
    known ?? listDocuments(q, userId),
  ]);
  if (u === undefined) throw new Error(`session of missing user ${userId}`);
  return {
    show: 1,
    id: u.id,
    username: u.username,
    name: u.name,
    phone: u.phone,
    company: u.company,
    face: u.face,
    rank: u.rank,
    // SHELL-04: the manager block shows only when one is assigned.
    admin:
      u.manager_name === null
        ? null
        : { name: u.manager_name, phone: u.manager_phone ?? '', is_default: u.manager_is_default ?? 1 },
    address: u.address,
    is_passed: u.is_passed,
    points: u.points,
    cart: u.cart,
    message_count: u.message_count,
    wechat: u.wechat,
    ...siteFields(site, publicUrl),
    login_url: site.login_url,
    is_show_youx: u.is_show_youx,
    is_special: u.is_special,
    token,
    // AFTER-01: "1" when the buyer may ask for returns and refunds.
    is_AfterSale: u.is_after_sale === 1 ? '1' : '0',
    ywy: u.ywy,
    customer: u.customer,
    // QUAL-05: the expiring or expired documents the top bar and the member centre warn about.
    zizhi_alert: alertOf(documents),
    // STORE-04: a chain's buyer sees which store is ordering.
    store_name: u.store_name,
    timestamp: unixNow(),
  };
}

/**
 * Starts a session of the buyer and answers its token; in the caller's transaction (registration opens one with
 * the new account).
 */
export async function openSession(tx: Queryable, ttlSeconds: number, userId: number): Promise<string> {
  const token = newToken();
  await store.insertSession(tx, token, userId, ttlSeconds);
  return token;
}

/** AUTH-01: the buyer of these credentials with a new session; wrong credentials are a form error on the password. */
export async function login(
  db: Db,
  ttlSeconds: number,
  username: string,
  password: string,
): Promise<{ userId: number; token: string }> {
  const user = await store.credentials(db, username);
  // Checked even for an unknown username, so that it costs as much time as a wrong password.
  if (!(await verifyPassword(password, user?.password_hash)) || user === undefined) {
    throw formError({ password: ['用户名或密码错误'] });
  }
  const token = await db.transaction((tx) => openSession(tx, ttlSeconds, user.id));
  return { userId: user.id, token };
}

/** AUTH-08: ends the session of the token presented, if any; answers whether one ended. */
export async function logout(q: Queryable, token: string | undefined): Promise<boolean> {
  return token !== undefined && (await store.deleteSession(q, token));
}

/** ACCOUNT-01: the contact name and phone of the login; a phone of another account is a form error on phone. */
export async function updateUserInfo(db: Db, userId: number, contact: { name: string; phone: string }) {
  const saved = await db.transaction((tx) => store.updateContact(tx, userId, contact.name, contact.phone));
  if (!saved) throw formError({ phone: ['该手机号已被其他账号使用'] });
  return contact;
}

/**
 * ACCOUNT-02: a new password for the signed-in buyer, who proves the old one; the buyer's other sessions end (a
 * device left signed in somewhere is signed out), the one that changed it stays.
 */
export async function changePassword(
  db: Db,
  session: { userId: number; token: string },
  oldPassword: string,
  password: string,
): Promise<{ ended_sessions: number }> {
  const hash = await hashPassword(password);
  const ended = await db.transaction(async (tx) => {
    const current = await store.passwordHashOf(tx, session.userId);
    if (!(await verifyPassword(oldPassword, current))) return undefined;
    return store.changePassword(tx, session.userId, hash, session.token);
  });
  if (ended === undefined) throw formError({ old_password: ['原密码不正确'] });
  return { ended_sessions: ended };
}
