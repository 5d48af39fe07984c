import { makeStyles } from '@fluentui/react-components';
import { graphql } from '../../gql';
import type { EverydayPriceSection_SpecialPriceGoodsFragment } from '../../gql/graphql';
import { PromoCard } from './PromoCard';

export const EverydayPriceSectionFragment = graphql(`
  fragment EverydayPriceSection_specialPriceGoods on SpecialPriceGoods {
    specialPrice {
      fen
      amount
    }
    goods {
      id
      ...PromoCard_goods
    }
  }
`);

const useStyles = makeStyles({
  row: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
    gap: '12px',
    '@media (max-width: 600px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '8px' },
  },
});

/** The home's daily specials (每日特价): goods of running discounts at their special price. */
export default function EverydayPriceSection({
  specials,
  sectionClass,
  headingClass,
}: {
  specials: readonly EverydayPriceSection_SpecialPriceGoodsFragment[];
  sectionClass: string;
  headingClass: string;
}) {
  const styles = useStyles();
  if (specials.length === 0) return null;
  return (
    <section className={sectionClass} aria-labelledby="everyday-heading">
      <h2 className={headingClass} id="everyday-heading">
        每日特价
      </h2>
      <div className={styles.row}>
        {specials.map((special) => (
          <PromoCard key={special.goods.id} goods={special.goods} promoPrice={special.specialPrice} />
        ))}
      </div>
    </section>
  );
}
