import { graphql } from '../gql';
import type { CartLineText_LineFragment } from '../gql/graphql';

/** What the cart and the confirm page say of a line alike: its name, a set's goods, and the notes under it. */
export const CartLineTextFragment = graphql(`
  fragment CartLineText_line on CartLine {
    type
    promotionNote
    goodsFullReductionHint
    gift {
      label
    }
    goods {
      id
      name
      spec
      manufacturer
      packingUnit
      images
    }
    combination {
      group {
        id
        name
      }
      items {
        number
        goods {
          id
          name
          packingUnit
        }
      }
    }
  }
`);

type SetItem = NonNullable<CartLineText_LineFragment['combination']>['items'][number];

/** A set (组合) is named and counted as a set; any other line by its goods. */
export function cartLineName(line: CartLineText_LineFragment): string {
  return line.combination ? line.combination.group.name : line.goods.name;
}

/** One goods of a set with how many of it each set holds: 感冒灵 ×2盒. */
export function setItemText(item: SetItem): string {
  return `${item.goods.name} ×${item.number}${item.goods.packingUnit ?? ''}`;
}

/** The gift a line brings (PRICE-07), as the cart and the confirm page say it. */
export function giftText(gift: { label: string }): string {
  return `${gift.label}，随订单赠送`;
}
