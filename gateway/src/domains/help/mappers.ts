import type { Schemas } from '../../rest/client';

export type ArticleMapper = Schemas['ArticleDetail'];
export type NewsArticleMapper = Schemas['NewsPostDetail'];
export type NewsLinkMapper = Schemas['NewsPostLink'];
