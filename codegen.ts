import type { CodegenConfig } from '@graphql-codegen/cli';

// One config for both sides of the contract: typed resolvers for the gateway, typed documents for the web.
// Output is generated at install (`prepare`) and build time and never committed.
const config: CodegenConfig = {
  schema: 'schema/*.graphql',
  overwrite: true,
  ignoreNoDocuments: true,
  generates: {
    // gateway: begin (owned by the gateway; mappers point at the DTO types of each domain)
    'gateway/src/generated/resolvers.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        useTypeImports: true,
        contextType: '../context.js#Context',
        enumsAsTypes: true,
        scalars: { DateTime: 'string' },
        mappers: {
          Money: 'number',
          User: '../domains/user/rest.js#BuyerDto',
          AccountManager: '../domains/user/rest.js#AdminDto',
          SiteConfig: '../domains/user/rest.js#UserBaseDto',
          LoginPayload: '../domains/user/rest.js#LoginDto',
          Goods: '../domains/goods/rest.js#GoodsDto',
          LadderPrice: '../domains/goods/rest.js#LadderPriceDto',
          GoodsTag: '../domains/goods/rest.js#GoodsTagDto',
          GoodsPage: '../domains/goods/rest.js#GoodsPageDto',
          GoodsActivity: '../domains/goods/rest.js#ActivityDto',
          SpikeGoods: '../domains/goods/rest.js#SpikeGoodsDto',
          SpecialPriceGoods: '../domains/goods/rest.js#SpecialPriceGoodsDto',
          SpecialPricePage: '../domains/goods/rest.js#SpecialPricePageDto',
          CombinationGroup: '../domains/goods/rest.js#CombinationGroupDto',
          Combination: '../domains/goods/rest.js#CombinationDto',
          CombinationItem: '../domains/goods/rest.js#CombinationGoodsDto',
          GroupBuyGoods: '../domains/goods/rest.js#GroupBuyGoodsDto',
          GroupBuyPage: '../domains/goods/rest.js#GroupBuyPageDto',
          FavoritePayload: '../domains/favorites/rest.js#FavoriteChangeDto',
          Category: '../domains/focus/rest.js#CategoryDto',
          NavLink: '../domains/focus/rest.js#NavDto',
          Banner: '../domains/focus/rest.js#BannerDto',
          Link: '../domains/focus/rest.js#LinkDto',
          Brand: '../domains/focus/rest.js#BrandDto',
          ControlledSalesSeries: '../domains/controlled-sales/rest.js#ControlledSalesSeriesDto',
          HelpCategory: '../domains/focus/rest.js#ArticleCategoryDto',
          HelpArticle: '../domains/focus/rest.js#ArticleDto',
          NewsPost: '../domains/focus/rest.js#NewsPostDto',
          NewsPostPage: '../domains/focus/rest.js#NewsPostPageDto',
          Cart: '../domains/cart/resolvers.js#CartView',
          CartLine: '../domains/cart/resolvers.js#CartLineView',
          CartSummary: '@pharma/pricing/cart-pricing#PricedSummary',
          Tier: '@pharma/pricing/cart-pricing#PricedTier',
          StoreAccount: '../domains/cart/rest.js#StoreAccountDto',
          Address: '../domains/user/rest.js#AddressDto',
          Wallet: '../domains/user/resolvers.js#WalletView',
          WalletLogEntry: '../domains/user/rest.js#WalletLogDto',
          WalletLogPage: '../domains/user/rest.js#WalletLogPageDto',
          Coupon: '../domains/coupons/rest.js#CouponDto',
          CouponOption: '../domains/coupons/rest.js#CouponOptionDto',
          CouponPage: '../domains/coupons/rest.js#CouponPageDto',
          CenterCoupon: '../domains/coupons/rest.js#CenterCouponDto',
          CenterCouponPage: '../domains/coupons/rest.js#CenterCouponPageDto',
          TakeCouponPayload: '../domains/coupons/rest.js#TakeCouponDto',
          Order: '../domains/orders/rest.js#OrderDto',
          OrderAmounts: '../domains/orders/rest.js#AmountsDto',
          OrderLine: '../domains/orders/rest.js#OrderLineDto',
          OrderAddress: '../domains/orders/rest.js#OrderAddressDto',
          OrderPage: '../domains/orders/rest.js#OrderPageDto',
          OrderPreview: '../domains/orders/rest.js#CheckoutDto',
          Payment: '../domains/orders/rest.js#PayInfoDto',
          PaymentMethod: '../domains/orders/rest.js#PaymentMethodDto',
        },
      },
    },
    // gateway: end
    // web: begin (owned by the web client)
    'web/src/gql/': {
      documents: ['web/src/**/*.{ts,tsx}', '!web/src/gql/**'],
      preset: 'client',
      config: { useTypeImports: true, enumsAsTypes: true, scalars: { DateTime: 'string' } },
      presetConfig: { fragmentMasking: false },
    },
    // web: end
  },
};

export default config;
