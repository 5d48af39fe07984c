import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Link } from 'react-router';
import { graphql } from '../../gql';
import type { CategoryMenu_CategoryFragment } from '../../gql/graphql';
import { categoryListPath } from '../../shared/zones';
import { marketTokens } from '../../theme/theme';

export const CategoryMenuFragment = graphql(`
  fragment CategoryMenu_category on Category {
    id
    name
    children {
      id
      name
      children {
        id
        name
      }
    }
  }
`);

/** SHELL-06: the header's menu shows only the first seven top-level categories. */
export const MENU_CATEGORIES = 7;

const useStyles = makeStyles({
  menu: {
    position: 'relative',
    width: '200px',
    flexShrink: 0,
    ':hover > ul': { display: 'block' },
    ':focus-within > ul': { display: 'block' },
    // On a phone the title and the first-level categories form one strip that scrolls sideways.
    '@media (max-width: 600px)': { width: '100%', display: 'flex', alignItems: 'stretch' },
  },
  title: {
    margin: 0,
    padding: '10px 16px',
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
    '@media (max-width: 600px)': { flexShrink: 0, padding: '8px 12px', whiteSpace: 'nowrap' },
  },
  // The list drops over the page below the title; the home page keeps it open beside its carousel.
  list: {
    display: 'none',
    position: 'absolute',
    top: '100%',
    left: 0,
    zIndex: 20,
    width: '200px',
    listStyleType: 'none',
    margin: 0,
    padding: '4px 0',
    backgroundColor: marketTokens.colorBarDark,
    '@media (max-width: 600px)': {
      display: 'flex',
      position: 'static',
      width: 'auto',
      minWidth: 0,
      flexGrow: 1,
      padding: 0,
      overflowX: 'auto',
      scrollbarWidth: 'none',
      backgroundColor: tokens.colorNeutralBackground1,
    },
  },
  listOpen: { display: 'block' },
  item: {
    ':hover > div': { display: 'grid' },
    ':focus-within > div': { display: 'grid' },
    ':hover > a': { backgroundColor: tokens.colorNeutralBackground1, color: tokens.colorBrandForeground1 },
  },
  top: {
    display: 'block',
    padding: '8px 16px',
    color: tokens.colorNeutralForegroundOnBrand,
    textDecorationLine: 'none',
    whiteSpace: 'nowrap',
    '@media (max-width: 600px)': { color: tokens.colorNeutralForeground1 },
  },
  flyout: {
    display: 'none',
    position: 'absolute',
    top: 0,
    left: '200px',
    zIndex: 20,
    width: '720px',
    minHeight: '100%',
    boxSizing: 'border-box',
    padding: '16px',
    gap: '8px',
    alignContent: 'start',
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
    '@media (max-width: 600px)': { display: 'none !important' },
  },
  group: { display: 'grid', gridTemplateColumns: '96px 1fr', gap: '8px', alignItems: 'baseline' },
  groupName: {
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
  },
  leaves: { display: 'flex', flexWrap: 'wrap', gap: '4px 12px' },
  leaf: {
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
    textDecorationLine: 'none',
    ':hover': { color: tokens.colorBrandForeground1 },
  },
});

const ALL_GOODS_QUERY: Readonly<Record<string, string>> = {};

/**
 * The category menu: subcategories appear on hover (and on keyboard focus), each leading to its list. A zone's
 * variant shows its own tree under its own title and may add to every list query (`yx=1`).
 */
export function CategoryMenu({
  categories,
  alwaysOpen,
  title = '全部商品分类',
  listQuery = ALL_GOODS_QUERY,
}: {
  categories: readonly CategoryMenu_CategoryFragment[];
  alwaysOpen: boolean;
  title?: string;
  listQuery?: Readonly<Record<string, string>>;
}) {
  const styles = useStyles();
  const listPath = (id: string) => categoryListPath(id, listQuery);
  return (
    <nav className={styles.menu} aria-label={title}>
      <h2 className={styles.title}>{title}</h2>
      <ul className={mergeClasses(styles.list, alwaysOpen && styles.listOpen)}>
        {categories.slice(0, MENU_CATEGORIES).map((category) => (
          <li key={category.id} className={styles.item}>
            <Link className={styles.top} to={listPath(category.id)}>
              {category.name}
            </Link>
            {category.children.length > 0 ? (
              <div className={styles.flyout}>
                {category.children.map((child) => (
                  <div key={child.id} className={styles.group}>
                    <Link className={styles.groupName} to={listPath(child.id)}>
                      {child.name}
                    </Link>
                    <div className={styles.leaves}>
                      {child.children.map((leaf) => (
                        <Link key={leaf.id} className={styles.leaf} to={listPath(leaf.id)}>
                          {leaf.name}
                        </Link>
                      ))}
                    </div>
                  </div>
                ))}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </nav>
  );
}
