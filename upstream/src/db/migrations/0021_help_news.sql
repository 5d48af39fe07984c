-- Help and information (issue 12): help articles and news open as whole pages. Their `content` is rich text (HTML)
-- written by the marketplace; the gateway sanitises it before any client sees it (INFO-02).

-- INFO-04: the pages that show one fixed article (payment and delivery help, the privacy policy) find it by code, not
-- by an id that differs between stores.
ALTER TABLE articles ADD COLUMN code TEXT UNIQUE CHECK (code ~ '^[a-z][a-z0-9_]{1,39}$');
ALTER TABLE articles ADD COLUMN updated_at TIMESTAMPTZ NOT NULL DEFAULT now();

-- INFO-05: a news post is industry news (1, 行业资讯) or company news (2, 公司动态); each tab pages on its own.
ALTER TABLE news_posts ADD COLUMN type SMALLINT NOT NULL DEFAULT 1 CHECK (type IN (1, 2));
CREATE INDEX news_posts_type_published_idx ON news_posts (type, published_at DESC, id DESC);
