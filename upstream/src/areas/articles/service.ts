/** Help articles and news posts read as whole pages (INFO in docs/product.md). */
import type { Queryable } from '../../db/db';
import { iso, notFound } from '../../lib/http';
import * as store from './store';
import type { ArticleDetailRow } from './store';

export const articleNotFound = () => notFound('文章不存在或已下线');
export const postNotFound = () => notFound('资讯不存在或已下线');

/** INFO-04: codes of the articles that fixed pages show; anything else names no article. */
export const ARTICLE_CODE = /^[a-z][a-z0-9_]{1,39}$/;

function articleAnswer(row: ArticleDetailRow) {
  return {
    id: row.id,
    title: row.title,
    // INFO-02: stored rich text as written; the gateway sanitises it before any client sees it.
    content: row.content,
    code: row.code,
    category: { id: row.category_id, name: row.category_name },
    updated_at: iso(row.updated_at),
  };
}

/** INFO-01: one help article by id, whatever its category; 404 for an unknown id. */
export async function article(q: Queryable, id: number) {
  const row = await store.articleById(q, id);
  if (!row) throw articleNotFound();
  return articleAnswer(row);
}

/** INFO-04: the article a fixed page shows (payment help, the privacy policy); 404 for an unknown code. */
export async function articleByCode(q: Queryable, code: string) {
  const row = ARTICLE_CODE.test(code) ? await store.articleByCode(q, code) : undefined;
  if (!row) throw articleNotFound();
  return articleAnswer(row);
}

/** INFO-05: one published post with the posts of its type listed before and after it; 404 for an unknown id. */
export async function post(q: Queryable, id: number) {
  const row = await store.publishedPost(q, id);
  if (!row) throw postNotFound();
  const { previous, next } = await store.neighbourPosts(q, row);
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    summary: row.summary,
    content: row.content,
    published_at: iso(row.published_at),
    previous: previous ?? null,
    next: next ?? null,
  };
}
