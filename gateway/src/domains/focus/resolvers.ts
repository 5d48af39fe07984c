import type { BannerSlot, CategoryTree, Resolvers } from '../../generated/resolvers';
import { checkPaging } from '../../paging';
import { LIST_SORTS } from '../goods/resolvers';
import { fetchGoodsList } from '../goods/rest';
import type { AnswerData } from '../../rest/client';
import { fetchBanners, fetchBrand, fetchHelpCategories, fetchLinks, fetchNewsPosts, fetchSeller } from './rest';
import { toDateTime } from '../../dates';
import { newsKindOf, newsTypeOf } from '../help/kinds';

const TREES: Record<CategoryTree, keyof AnswerData<'/api/focus/common', 'get'> & `category${string}`> = {
  ALL: 'category',
  PREFERRED: 'category_yx',
  TRADITIONAL_MEDICINE: 'category_zy',
  DEVICES: 'category_qx',
};

/** Path segment of /api/focus/{slot}; the home carousel is /api/focus itself. */
const SLOTS: Record<BannerSlot, string | null> = {
  HOME: null,
  TOP: 'top',
  RIGHT: 'right',
  LOGIN: 'login',
  NEW_USER: 'xrtj',
  BRAND_ZONE: 'ppzq',
  CONTROLLED_SALES: 'kxzq',
  CONTROLLED_SALES_NEW: 'new_kxzq',
  CONTROLLED_SALES_AD: 'kxzq_ad',
  TRADITIONAL_MEDICINE: 'zyzq',
  PREFERRED: 'yx',
  SHOWCASE: 'demo',
};

export const focusResolvers: Resolvers = {
  Query: {
    categories: async (_parent, { tree }, { loaders }) => (await loaders.focusCommon.get())[TREES[tree]] ?? [],
    navLinks: async (_parent, _args, { loaders }) => (await loaders.focusCommon.get()).nav ?? [],
    hotSearches: async (_parent, _args, { loaders }) => (await loaders.focusCommon.get()).rnss ?? [],
    brands: async (_parent, _args, { loaders }) => (await loaders.focusCommon.get()).brand ?? [],
    brand: (_parent, { id }, { upstream }) => (id.trim() === '' ? null : fetchBrand(upstream, id.trim())),
    banners: (_parent, { slot }, { upstream }) => fetchBanners(upstream, SLOTS[slot]),
    links: (_parent, _args, { upstream }) => fetchLinks(upstream),
    helpCategories: (_parent, _args, { upstream }) => fetchHelpCategories(upstream),
    seller: (_parent, _args, { upstream }) => fetchSeller(upstream),
    newsPosts: (_parent, { page, pageSize, kind }, { upstream }) => {
      checkPaging(page, pageSize, 50);
      return fetchNewsPosts(upstream, { page, page_size: pageSize, ...(kind ? { type: newsTypeOf(kind) } : {}) });
    },
  },
  NewsPost: {
    id: (post) => String(post.id),
    kind: (post) => newsKindOf(post.type),
    summary: (post) => post.summary ?? '',
    publishedAt: (post) => toDateTime(post.published_at),
  },
  NewsPostPage: {
    items: (found) => found.data,
    page: (found) => found.current_page,
    pageSize: (found) => found.per_page,
  },
  Category: {
    id: (category) => String(category.id),
    icon: (category) => category.logo || null,
    children: (category) => category.children ?? [],
  },
  NavLink: {
    id: (link) => String(link.id),
    url: (link) => link.url || null,
    image: (link) => link.image || null,
    opensNewWindow: (link) => link.is_open === 1,
  },
  Banner: {
    id: (banner) => String(banner.id),
    url: (banner) => banner.url || null,
    title: (banner) => banner.name ?? '',
  },
  Link: {
    url: (link) => link.url || null,
  },
  Brand: {
    id: (brand) => String(brand.id),
    logo: (brand) => brand.logo || null,
    goods: (brand, { page, pageSize, sort }, { upstream }) => {
      checkPaging(page, pageSize, 100);
      return fetchGoodsList(upstream, {
        type: 1,
        brand_id: String(brand.id),
        page,
        page_size: pageSize,
        sort: LIST_SORTS[sort],
      });
    },
  },
  HelpCategory: {
    id: (category) => String(category.id),
    articles: (category) => category.children ?? [],
  },
  HelpArticle: {
    id: (article) => String(article.id),
  },
  Seller: {
    taxId: (seller) => seller.tax_id,
    drugLicence: (seller) => seller.drug_licence || null,
    internetDrugLicence: (seller) => seller.internet_drug_licence || null,
  },
};
