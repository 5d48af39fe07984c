import { useQuery } from '@apollo/client/react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Link } from 'react-router';
import { graphql } from '../../gql';
import { seriesPath } from './controlled-sales';
import { accentTokens } from '../../theme/theme';

export const ControlledSalesSeriesListQuery = graphql(`
  query ControlledSalesSeriesList {
    controlledSalesSeriesList {
      id
      name
      logo
      goodsCount
      adIds
    }
  }
`);

// A series without a logo gets a badge of its first character, in one of a few colours fixed by its id, so the
// index reads as a row of icons rather than of blanks.
const useStyles = makeStyles({
  section: {
    marginBottom: '12px',
    padding: '12px 16px 16px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
  heading: { fontSize: tokens.fontSizeBase400, margin: '0 0 12px' },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
    gap: '8px',
    // A phone shows two rows that scroll sideways, the next column peeking in, so the goods start on the first screen.
    '@media (max-width: 600px)': {
      gridTemplateColumns: 'none',
      gridTemplateRows: 'repeat(2, auto)',
      gridAutoFlow: 'column',
      gridAutoColumns: '44%',
      overflowX: 'auto',
      scrollSnapType: 'x mandatory',
      scrollbarWidth: 'none',
    },
  },
  series: {
    display: 'flex',
    alignItems: 'center',
    gap: '10px',
    minHeight: '44px',
    padding: '8px 10px',
    color: 'inherit',
    textDecorationLine: 'none',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    scrollSnapAlign: 'start',
    ':hover': {
      boxShadow: tokens.shadow4,
      color: tokens.colorBrandForeground1,
      border: `1px solid ${tokens.colorBrandStroke1}`,
    },
  },
  icon: { flexShrink: 0, width: '36px', height: '36px', objectFit: 'contain', borderRadius: '50%' },
  badge: {
    flexShrink: 0,
    display: 'grid',
    placeItems: 'center',
    width: '36px',
    height: '36px',
    borderRadius: '50%',
    color: tokens.colorNeutralForegroundOnBrand,
    fontWeight: tokens.fontWeightSemibold,
  },
  text: { display: 'grid', minWidth: 0 },
  name: {
    fontWeight: tokens.fontWeightSemibold,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  count: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

/**
 * The index of /kxzq/new: every controlled-sales series with how many goods it holds, each leading to its page with
 * its advertisements. Nothing while it loads or when it fails: the zone's goods below still serve the buyer.
 */
export function ControlledSalesSeriesIndex() {
  const styles = useStyles();
  const { data } = useQuery(ControlledSalesSeriesListQuery, { errorPolicy: 'all' });
  const series = data?.controlledSalesSeriesList ?? [];
  if (series.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="kx-series-heading">
      <h2 id="kx-series-heading" className={styles.heading}>
        控销系列
      </h2>
      <ul className={styles.list} aria-label="控销系列">
        {series.map((item) => (
          <li key={item.id}>
            <Link
              className={styles.series}
              to={seriesPath(item.id, item.adIds)}
              aria-label={`${item.name} ${item.goodsCount} 件商品`}
            >
              {item.logo ? (
                <img className={styles.icon} src={item.logo} alt="" loading="lazy" />
              ) : (
                <span
                  className={styles.badge}
                  style={{ backgroundColor: accentTokens[Number(item.id) % accentTokens.length] }}
                  aria-hidden="true"
                >
                  {item.name.slice(0, 1)}
                </span>
              )}
              <span className={styles.text}>
                <span className={styles.name}>{item.name}</span>
                <span className={styles.count}>{item.goodsCount} 件商品</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
