import { graphql } from '../../gql';

/** A goods a row may become, with what the buyer compares candidates by: spec, maker, price, stock. */
export const CandidateFragment = graphql(`
  fragment PurchaseListCandidate_goods on Goods {
    id
    name
    spec
    manufacturer
    packingUnit
    approvalNumber
    ...GoodsAvailability_goods
    price {
      ...Price_money
    }
  }
`);

export const MatchPurchaseListMutation = graphql(`
  mutation MatchPurchaseList($text: String, $file: File, $columns: [PurchaseListColumnInput!]) {
    matchPurchaseList(text: $text, file: $file, columns: $columns) {
      exact
      ambiguous
      none
      headerLine
      columns {
        index
        title
        field
      }
      rows {
        line
        name
        spec
        manufacturer
        approvalNumber
        number
        error
        status
        matchedBy
        candidateTotal
        candidates {
          ...PurchaseListCandidate_goods
        }
      }
    }
  }
`);

/** IMPORT-06: the cart comes back as the badge and the side panel read it, so both move with no refetch. */
export const ImportPurchaseListMutation = graphql(`
  mutation ImportPurchaseList($lines: [PurchaseListLineInput!]!) {
    importPurchaseList(lines: $lines) {
      message
      added {
        goodsId
        name
        number
      }
      refused {
        goodsId
        name
        number
        reason
      }
      cart {
        id
        ...CartBadge_cart
        ...CartPanel_cart
      }
    }
  }
`);

/** IMPORT-05: searching by hand for a row nothing matched, by name or pinyin initials as in the header's box. */
export const PurchaseListSearchQuery = graphql(`
  query PurchaseListSearch($keyword: String!) {
    goodsList(filter: { keyword: $keyword, by: NAME }, page: 1, pageSize: 5) {
      total
      items {
        ...PurchaseListCandidate_goods
      }
    }
  }
`);
