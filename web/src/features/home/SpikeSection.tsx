import { makeStyles, tokens } from '@fluentui/react-components';
import { graphql } from '../../gql';
import type { SpikeSection_SpikeGoodsFragment } from '../../gql/graphql';
import { countdown } from '../../shared/countdown';
import { useServerNow } from '../../shared/server-now';
import { PromoCard } from './PromoCard';
import { marketTokens } from '../../theme/theme';

export const SpikeSectionFragment = graphql(`
  fragment SpikeSection_spikeGoods on SpikeGoods {
    activityId
    title
    price {
      fen
      amount
    }
    startsAt
    endsAt
    running
    remaining
    perBuyerLimit
    goods {
      id
      ...PromoCard_goods
    }
  }
`);

const useStyles = makeStyles({
  head: { display: 'flex', alignItems: 'center', gap: '12px', flexWrap: 'wrap' },
  clock: { display: 'flex', alignItems: 'center', gap: '4px', fontSize: tokens.fontSizeBase300 },
  digits: {
    minWidth: '26px',
    padding: '2px 4px',
    textAlign: 'center',
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundColor: marketTokens.colorCountdown,
    borderRadius: tokens.borderRadiusSmall,
    fontVariantNumeric: 'tabular-nums',
  },
  // Up to 20 offers: one row that scrolls sideways, so the section stays one card high.
  row: {
    display: 'grid',
    gridAutoFlow: 'column',
    gridAutoColumns: '180px',
    gap: '12px',
    overflowX: 'auto',
    paddingBottom: '6px',
    '@media (max-width: 600px)': { gridAutoColumns: '44%', gap: '8px' },
  },
  upcoming: { fontSize: tokens.fontSizeBase200, color: tokens.colorPaletteDarkOrangeForeground1 },
  limit: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
});

/**
 * The home's seckill (秒杀) row: the first offer decides the countdown (running ones come first: time left to its
 * end; otherwise time to its start), on the server's clock.
 */
export default function SpikeSection({
  offers,
  serverTime,
  sectionClass,
  headingClass,
}: {
  offers: readonly SpikeSection_SpikeGoodsFragment[];
  serverTime: string;
  sectionClass: string;
  headingClass: string;
}) {
  const styles = useStyles();
  const now = useServerNow(serverTime);
  const first = offers[0];
  if (!first) return null;
  const target = Date.parse(first.running ? first.endsAt : first.startsAt);
  const left = countdown(target, now);
  const running = first.running && !left.done;
  return (
    <section className={sectionClass} aria-labelledby="spike-heading">
      <div className={styles.head}>
        <h2 className={headingClass} id="spike-heading">
          {first.title || '限时秒杀'}
        </h2>
        <span className={styles.clock} role="timer" aria-label={running ? '距结束' : '距开始'}>
          {running ? '距结束' : '距开始'}
          {left.days > 0 ? <span>{left.days} 天</span> : null}
          <span className={styles.digits}>{left.hours}</span>:<span className={styles.digits}>{left.minutes}</span>:
          <span className={styles.digits}>{left.seconds}</span>
        </span>
      </div>
      <div className={styles.row} role="list" aria-label="秒杀商品">
        {offers.map((offer) => (
          <div key={`${offer.activityId}-${offer.goods.id}`} role="listitem">
            <PromoCard
              goods={offer.goods}
              promoPrice={offer.price}
              goodsPriceId={offer.running ? offer.activityId : undefined}
              badge={
                !offer.running ? (
                  <span className={styles.upcoming}>即将开始</span>
                ) : offer.remaining === 0 ? (
                  <span className={styles.upcoming}>已抢光</span>
                ) : (
                  <span className={styles.limit}>
                    每人限购{offer.perBuyerLimit}件 · 仅剩{offer.remaining}件
                  </span>
                )
              }
            />
          </div>
        ))}
      </div>
    </section>
  );
}
