import { BannerRow } from '../../components/BannerRow';
import type { BannerRow_BannerFragment } from '../../gql/graphql';

/**
 * PROMO-08: a titled row of the home page's pictures that lead somewhere (新人推荐 from the new-customer slot, 专题活动
 * from the showcase slot); nothing when the slot has none.
 */
export default function HomeBannerRow({
  id,
  title,
  banners,
  aspectRatio,
  sectionClass,
  headingClass,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  banners: readonly BannerRow_BannerFragment[];
  /** The slot's picture proportions, width / height (`39 / 20`). */
  aspectRatio: string;
  sectionClass: string;
  headingClass: string;
}) {
  if (banners.length === 0) return null;
  return (
    <section className={sectionClass} aria-labelledby={id}>
      <h2 className={headingClass} id={id}>
        {title}
      </h2>
      <BannerRow banners={banners} label={title} aspectRatio={aspectRatio} lazy />
    </section>
  );
}
