import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { graphql } from '../gql';
import type { GoodsTags_GoodsFragment } from '../gql/graphql';

export const GoodsTagsFragment = graphql(`
  fragment GoodsTags_goods on Goods {
    tags {
      name
      color
      description
    }
  }
`);

const useStyles = makeStyles({
  tags: { display: 'inline-flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, verticalAlign: 'middle' },
  tag: {
    padding: `0 ${tokens.spacingHorizontalXS}`,
    fontSize: tokens.fontSizeBase100,
    fontWeight: tokens.fontWeightRegular,
    lineHeight: tokens.lineHeightBase200,
    border: '1px solid currentColor',
    borderRadius: tokens.borderRadiusSmall,
    color: tokens.colorBrandForeground1,
  },
  large: { fontSize: tokens.fontSizeBase200, padding: `0 ${tokens.spacingHorizontalSNudge}` },
});

/**
 * The goods' promotion labels (CATALOG-03: 优 秒 满 换购 赠 特 新), each in the colour the catalogue gives it; a
 * cart line puts its own kind (秒 for seckill, CART-17) first as `lead`.
 */
export function GoodsTags({
  goods,
  lead,
  omit,
  size = 'small',
  className,
}: {
  goods: GoodsTags_GoodsFragment;
  /** A label shown before the goods' own, in the brand red. */
  lead?: string;
  /** Leave the goods' tags out (a set's line names the set, not its goods). */
  omit?: boolean;
  /** small in lists and the cart; large on the goods' own page. */
  size?: 'small' | 'large';
  className?: string;
}) {
  const styles = useStyles();
  const tags = omit ? [] : goods.tags.filter((tag) => tag.name !== lead);
  if (!lead && tags.length === 0) return null;
  const tagClass = mergeClasses(styles.tag, size === 'large' && styles.large);
  return (
    <span className={mergeClasses(styles.tags, className)}>
      {lead ? <span className={tagClass}>{lead}</span> : null}
      {tags.map((tag) => (
        <span key={tag.name} className={tagClass} style={{ color: tag.color }} title={tag.description ?? undefined}>
          {tag.name}
        </span>
      ))}
    </span>
  );
}
