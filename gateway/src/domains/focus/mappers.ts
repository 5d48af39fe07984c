import type { Schemas } from '../../rest/client';

export type CategoryMapper = Schemas['Category'];
export type NavLinkMapper = Schemas['NavItem'];
export type BannerMapper = Schemas['Banner'];
export type LinkMapper = Schemas['Link'];
export type SellerMapper = Schemas['Seller'];
export type BrandMapper = Schemas['BrandSummary'] | Schemas['Brand'];
export type HelpCategoryMapper = Schemas['ArticleCategory'];
export type HelpArticleMapper = Schemas['Article'];
export type NewsPostMapper = Schemas['NewsPost'];
export type NewsPostPageMapper = Schemas['NewsPostPage'];
