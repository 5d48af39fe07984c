-- REQ-01..REQ-03: a buyer asks the platform to stock a variety the catalogue lacks (品种求购). The platform answers
-- once: listed (已上架, naming the goods it became) or unavailable (无法采购, with the reason the buyer reads).
-- status 0 pending (待处理), 1 listed, 2 unavailable.
CREATE TABLE variety_requests (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  ypgg TEXT NOT NULL,
  sccj TEXT NOT NULL,
  pzwh TEXT NOT NULL DEFAULT '',
  number INTEGER NOT NULL CHECK (number > 0),
  -- The price the buyer hopes for, in fen; NULL when not given (never 0 for "none").
  price INTEGER CHECK (price > 0),
  remark TEXT NOT NULL DEFAULT '',
  status SMALLINT NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
  goods_id INTEGER REFERENCES goods (id),
  answer TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  answered_at TIMESTAMPTZ,
  CHECK ((status = 1) = (goods_id IS NOT NULL)),
  CHECK ((status = 0) = (answered_at IS NULL)),
  CHECK (status <> 2 OR answer IS NOT NULL)
);
CREATE INDEX variety_requests_user_idx ON variety_requests (user_id, id DESC);
-- REQ-02: one pending request per variety and buyer; the key is the variety as the buyer wrote it, folded.
CREATE UNIQUE INDEX variety_requests_pending_idx ON variety_requests (user_id, lower(name), lower(ypgg), lower(sccj))
  WHERE status = 0;

-- REQ-04..REQ-06: feedback (意见反馈) of a buyer, with at most 4 pictures and the platform's one reply.
CREATE TABLE feedback (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type TEXT NOT NULL CHECK (type IN ('商品问题', '物流配送', '售后服务', '网站建议', '其他')),
  content TEXT NOT NULL,
  phone TEXT NOT NULL DEFAULT '',
  reply TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  replied_at TIMESTAMPTZ,
  CHECK ((reply IS NULL) = (replied_at IS NULL))
);
CREATE INDEX feedback_user_idx ON feedback (user_id, id DESC);

CREATE TABLE feedback_images (
  feedback_id INTEGER NOT NULL REFERENCES feedback (id) ON DELETE CASCADE,
  file_id INTEGER NOT NULL REFERENCES files (id) ON DELETE CASCADE,
  position SMALLINT NOT NULL CHECK (position BETWEEN 0 AND 3),
  PRIMARY KEY (feedback_id, file_id)
);
