import { graphql } from '../../gql';

/**
 * The cart as its three views read it: the page's lines and totals, the header badge and the side panel. Every
 * cart mutation, the cart page's query and placing an order answer it, so one answer writes the one normalised
 * `Cart:<id>` and all three views move together (API-05). The shell's own read asks only the badge's and panel's.
 */
export const CartViewsFragment = graphql(`
  fragment CartViews_cart on Cart {
    id
    ...CartPage_cart
    ...CartBadge_cart
    ...CartPanel_cart
  }
`);

export const UpdateCartLineMutation = graphql(`
  mutation UpdateCartLine($id: ID!, $number: Int!) {
    updateCartLine(id: $id, number: $number) {
      message
      cart {
        ...CartViews_cart
      }
    }
  }
`);

export const SelectCartLinesMutation = graphql(`
  mutation SelectCartLines($ids: [ID!]!, $selected: Boolean!) {
    selectCartLines(ids: $ids, selected: $selected) {
      cart {
        ...CartViews_cart
      }
    }
  }
`);

/** PRICE-13: an add-on purchase (换购) unlocked by a line of the cart, added from that line. */
export const AddExchangeMutation = graphql(`
  mutation AddExchange($lines: [CartLineInput!]!) {
    addToCart(lines: $lines) {
      message
      cart {
        ...CartViews_cart
      }
    }
  }
`);

export const RemoveCartLinesMutation = graphql(`
  mutation RemoveCartLines($ids: [ID!]!) {
    removeCartLines(ids: $ids) {
      message
      cart {
        ...CartViews_cart
      }
    }
  }
`);
