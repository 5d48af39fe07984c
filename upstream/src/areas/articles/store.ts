import type { Queryable } from '../../db/db';

export interface ArticleDetailRow {
  id: number;
  title: string;
  content: string;
  code: string | null;
  category_id: number;
  category_name: string;
  updated_at: Date;
}

const ARTICLE_COLUMNS = `a.id, a.title, a.content, a.code, hc.id AS category_id, hc.name AS category_name, a.updated_at
  FROM articles a JOIN help_categories hc ON hc.id = a.help_category_id`;

export async function articleById(q: Queryable, id: number): Promise<ArticleDetailRow | undefined> {
  const [row] = await q.query<ArticleDetailRow>(`SELECT ${ARTICLE_COLUMNS} WHERE a.id = $1`, [id]);
  return row;
}

export async function articleByCode(q: Queryable, code: string): Promise<ArticleDetailRow | undefined> {
  const [row] = await q.query<ArticleDetailRow>(`SELECT ${ARTICLE_COLUMNS} WHERE a.code = $1`, [code]);
  return row;
}

export interface PostDetailRow {
  id: number;
  type: number;
  title: string;
  summary: string;
  content: string;
  published_at: Date;
}

export interface PostLinkRow {
  id: number;
  title: string;
}

/** A published post; one scheduled for later is not there yet. */
export async function publishedPost(q: Queryable, id: number): Promise<PostDetailRow | undefined> {
  const [row] = await q.query<PostDetailRow>(
    `SELECT id, type, title, summary, content, published_at FROM news_posts WHERE id = $1 AND published_at <= now()`,
    [id],
  );
  return row;
}

/**
 * The published posts of the same type listed just before (newer) and just after (older) a post, in the list's
 * order: newest first, then the higher id first.
 */
export async function neighbourPosts(
  q: Queryable,
  post: Pick<PostDetailRow, 'id' | 'type' | 'published_at'>,
): Promise<{ previous: PostLinkRow | undefined; next: PostLinkRow | undefined }> {
  const [[previous], [next]] = await Promise.all([
    q.query<PostLinkRow>(
      `SELECT id, title FROM news_posts
       WHERE type = $1 AND published_at <= now() AND (published_at, id) > ($2::timestamptz, $3::int)
       ORDER BY published_at ASC, id ASC LIMIT 1`,
      [post.type, post.published_at, post.id],
    ),
    q.query<PostLinkRow>(
      `SELECT id, title FROM news_posts
       WHERE type = $1 AND published_at <= now() AND (published_at, id) < ($2::timestamptz, $3::int)
       ORDER BY published_at DESC, id DESC LIMIT 1`,
      [post.type, post.published_at, post.id],
    ),
  ]);
  return { previous, next };
}
