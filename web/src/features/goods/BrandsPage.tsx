import { useQuery } from '@apollo/client/react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { graphql } from '../../gql';

export const BrandsQuery = graphql(`
  query Brands {
    brands {
      id
      name
      logo
    }
  }
`);

const useStyles = makeStyles({
  heading: { fontSize: tokens.fontSizeBase500, margin: '0 0 12px' },
  grid: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
    gap: '12px',
    '@media (max-width: 600px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '8px' },
  },
  brand: {
    display: 'grid',
    justifyItems: 'center',
    alignContent: 'center',
    gap: '8px',
    height: '120px',
    padding: '12px',
    color: 'inherit',
    textDecorationLine: 'none',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    ':hover': { boxShadow: tokens.shadow8, color: tokens.colorBrandForeground1 },
  },
  logo: { width: '120px', height: '56px', objectFit: 'contain' },
  name: { fontWeight: tokens.fontWeightSemibold },
});

/** /ppzq (brand zone): every brand, each leading to its goods. */
export default function BrandsPage() {
  const styles = useStyles();
  const { data, loading, error } = useQuery(BrandsQuery);
  const brands = data?.brands ?? [];
  return (
    <>
      <h1 className={styles.heading}>品牌专区</h1>
      {brands.length === 0 ? (
        <EmptyState title={loading ? '品牌加载中' : error ? '品牌暂时无法加载' : '暂无品牌'} />
      ) : (
        <ul className={styles.grid} aria-label="品牌">
          {brands.map((brand) => (
            <li key={brand.id}>
              <Link className={styles.brand} to={`/ppzq/info/${encodeURIComponent(brand.id)}`}>
                {brand.logo ? <img className={styles.logo} src={brand.logo} alt="" loading="lazy" /> : null}
                <span className={styles.name}>{brand.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
