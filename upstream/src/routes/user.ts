import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config';
import type { AppContext } from '../context';
import { findSession, hashToken, newToken, presentedToken, setTokenCookie } from '../lib/auth';
import { formError, ok, parse } from '../lib/http';
import { verifyPassword } from '../lib/password';
import type { Db, Queryable } from '../db/db';

const loginBody = z.object(
  {
    username: z.string({ error: '请输入用户名' }).trim().min(1, '请输入用户名').max(64, '用户名过长'),
    password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128, '密码过长'),
  },
  { error: '请输入用户名和密码' },
);

interface SiteRow {
  hot_line: string;
  qq1: string;
  qq2: string;
  quality_inspection_url: string | null;
  quality_inspection_msg: string | null;
  is_can_chat: number;
  login_url: string;
}

async function siteConfig(db: Db): Promise<SiteRow> {
  const [row] = await db.query<SiteRow>(
    `SELECT hot_line, qq1, qq2, quality_inspection_url, quality_inspection_msg, is_can_chat, login_url
     FROM site_config WHERE id = 1`,
  );
  if (row === undefined) throw new Error('site_config is empty: the store was not seeded');
  return row;
}

interface BuyerRow {
  id: number;
  username: string;
  name: string;
  phone: string;
  face: string | null;
  wechat: string | null;
  message_count: number;
  ywy: string | null;
  customer: string | null;
  company: string;
  address: string;
  is_passed: number;
  points: number;
  rank: number;
  is_special: number;
  is_show_youx: number;
  manager_name: string | null;
  manager_phone: string | null;
  manager_is_default: number | null;
  cart: number;
}

/** The `base` answer for a signed-in buyer (docs/rest-api.md). */
export async function buyerBase(db: Db, userId: number, token: string) {
  const [site, [u]] = await Promise.all([
    siteConfig(db),
    db.query<BuyerRow>(
      `SELECT u.id, u.username, u.name, u.phone, u.face, u.wechat, u.message_count, u.ywy, u.customer,
         co.name AS company, co.address, co.is_passed, co.points, co.rank, co.is_special, co.is_show_youx,
         m.name AS manager_name, m.phone AS manager_phone, m.is_default AS manager_is_default,
         (SELECT count(*)::int FROM cart_lines cl WHERE cl.user_id = u.id) AS cart
       FROM users u
       JOIN companies co ON co.id = u.company_id
       LEFT JOIN account_managers m ON m.id = co.account_manager_id
       WHERE u.id = $1`,
      [userId],
    ),
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
    ...siteFields(site),
    login_url: site.login_url,
    is_show_youx: u.is_show_youx,
    is_special: u.is_special,
    token,
    is_AfterSale: '0',
    ywy: u.ywy,
    customer: u.customer,
    timestamp: Math.floor(Date.now() / 1000),
  };
}

function siteFields(site: SiteRow) {
  return {
    common_config: { hot_line: site.hot_line, qq1: site.qq1, qq2: site.qq2 },
    quality_inspection: { quality_inspection_url: site.quality_inspection_url, msg: site.quality_inspection_msg },
    is_can_chat: site.is_can_chat,
  };
}

/** Starts a session of the buyer and answers its token; in the caller's transaction (registration opens one with
 * the new account). */
export async function openSession(tx: Queryable, config: Config, userId: number): Promise<string> {
  const token = newToken();
  // Expired sessions of this buyer are dead weight; dropping them here keeps the table small without a job.
  await tx.query('DELETE FROM sessions WHERE user_id = $1 AND expires_at <= now()', [userId]);
  await tx.query(
    `INSERT INTO sessions (token_hash, user_id, expires_at)
     VALUES ($1, $2, now() + make_interval(secs => $3))`,
    [hashToken(token), userId, config.sessionTtlSeconds],
  );
  return token;
}

/** The login answer for a session opened by openSession, with the cookie browsers ride on. */
export async function signedIn(db: Db, config: Config, reply: FastifyReply, userId: number, token: string) {
  setTokenCookie(reply, config, token, config.sessionTtlSeconds);
  return { token, user: await buyerBase(db, userId, token) };
}

export function userRoutes(app: FastifyInstance, { db, config }: AppContext): void {
  app.post('/api/user/login', async (request, reply) => {
    const body = parse(loginBody, request.body);
    const [user] = await db.query<{ id: number; password_hash: string }>(
      'SELECT id, password_hash FROM users WHERE username = $1',
      [body.username],
    );
    if (!(await verifyPassword(body.password, user?.password_hash)) || user === undefined) {
      throw formError({ password: ['用户名或密码错误'] });
    }
    const token = await db.transaction((tx) => openSession(tx, config, user.id));
    return ok(await signedIn(db, config, reply, user.id, token), '登录成功');
  });

  app.delete('/api/user/logout', async (request, reply) => {
    const token = presentedToken(request);
    const ended =
      token !== undefined &&
      (await db.query('DELETE FROM sessions WHERE token_hash = $1 RETURNING user_id', [hashToken(token)])).length > 0;
    setTokenCookie(reply, config, '', 0);
    return ok({ ended }, '退出成功');
  });

  app.get('/api/user/base', async (request) => {
    const session = await findSession(db, request);
    if (session === null) {
      return ok({ show: 0, ...siteFields(await siteConfig(db)), timestamp: Math.floor(Date.now() / 1000) });
    }
    return ok(await buyerBase(db, session.userId, session.token));
  });
}
