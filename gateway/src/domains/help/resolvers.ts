import type { Resolvers } from '../../generated/resolvers';
import { toDateTime } from '../../dates';
import { newsKindOf, PAGE_CODES, recordIdOf } from './kinds';
import { fetchArticle, fetchArticleByCode, fetchNewsPost } from './rest';
import { sanitizeRichText } from './sanitize';

export const helpResolvers: Resolvers = {
  Query: {
    helpArticle: (_parent, { id }, { upstream }) => {
      const articleId = recordIdOf(id);
      return articleId === null ? null : fetchArticle(upstream, articleId);
    },
    pageArticle: (_parent, { page }, { upstream }) => fetchArticleByCode(upstream, PAGE_CODES[page]),
    newsArticle: (_parent, { id }, { upstream }) => {
      const postId = recordIdOf(id);
      return postId === null ? null : fetchNewsPost(upstream, postId);
    },
  },
  Article: {
    id: (article) => String(article.id),
    // INFO-02: sanitised here, once, for every client.
    html: (article) => sanitizeRichText(article.content),
    categoryName: (article) => article.category.name,
    updatedAt: (article) => toDateTime(article.updated_at),
  },
  NewsArticle: {
    id: (post) => String(post.id),
    kind: (post) => newsKindOf(post.type),
    summary: (post) => post.summary ?? '',
    publishedAt: (post) => toDateTime(post.published_at),
    html: (post) => sanitizeRichText(post.content),
  },
  NewsLink: {
    id: (link) => String(link.id),
  },
};
