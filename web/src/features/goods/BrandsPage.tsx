import { useQuery } from '@apollo/client/react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { Link } from 'react-router';
import { CardGrid } from '../../components/CardGrid';
import { EmptyState } from '../../components/EmptyState';
import { SectionHeading } from '../../components/SectionHeading';
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
      <SectionHeading>品牌专区</SectionHeading>
      {brands.length === 0 ? (
        <EmptyState title={loading ? '品牌加载中' : error ? '品牌暂时无法加载' : '暂无品牌'} />
      ) : (
        <CardGrid label="品牌" minWidth={180} twoOnPhone>
          {brands.map((brand) => (
            <li key={brand.id}>
              <Link className={styles.brand} to={`/ppzq/info/${encodeURIComponent(brand.id)}`}>
                {brand.logo ? <img className={styles.logo} src={brand.logo} alt="" loading="lazy" /> : null}
                <span className={styles.name}>{brand.name}</span>
              </Link>
            </li>
          ))}
        </CardGrid>
      )}
    </>
  );
}
