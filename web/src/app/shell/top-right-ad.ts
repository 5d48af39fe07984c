import { graphql } from '../../gql';

/** SHELL-20: the top-right advertisements; the server's root loader asks for them with the frame on flagged routes. */
export const TopRightAdQuery = graphql(`
  query TopRightAd {
    topRightAds: banners(slot: RIGHT) {
      id
      image
      url
      title
    }
  }
`);

/** SHELL-20: at most this many top-right advertisements, one above the other. */
export const TOP_RIGHT_ADS = 2;

/**
 * SHELL-20: the advertisements shown, in the slot's order: none that leads to the page the buyer is on (the cashback
 * page does not advertise itself), at most TOP_RIGHT_ADS.
 */
export function topRightAds<T extends { url?: string | null }>(ads: readonly T[], pathname: string): T[] {
  const here = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ads.filter((ad) => (ad.url ?? '').split(/[?#]/, 1)[0] !== here).slice(0, TOP_RIGHT_ADS);
}
