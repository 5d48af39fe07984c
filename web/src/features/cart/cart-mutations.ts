import { graphql } from '../../gql';

// Every cart mutation answers the cart through all three views' fragments: page, badge and panel move together.
export const UpdateCartLineMutation = graphql(`
  mutation UpdateCartLine($id: ID!, $number: Int!) {
    updateCartLine(id: $id, number: $number) {
      message
      cart {
        id
        ...CartPage_cart
        ...CartBadge_cart
        ...CartPanel_cart
      }
    }
  }
`);

export const SelectCartLinesMutation = graphql(`
  mutation SelectCartLines($ids: [ID!]!, $selected: Boolean!) {
    selectCartLines(ids: $ids, selected: $selected) {
      cart {
        id
        ...CartPage_cart
        ...CartBadge_cart
        ...CartPanel_cart
      }
    }
  }
`);

export const RemoveCartLinesMutation = graphql(`
  mutation RemoveCartLines($ids: [ID!]!) {
    removeCartLines(ids: $ids) {
      message
      cart {
        id
        ...CartPage_cart
        ...CartBadge_cart
        ...CartPanel_cart
      }
    }
  }
`);
