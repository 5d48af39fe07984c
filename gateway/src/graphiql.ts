/** GraphiQL's default document: the operations a buyer does most, ready to run one by one. */
export const EXAMPLE_OPERATIONS = `# Pharmacy marketplace gateway. Run an operation with the ▶ button.
# Sign in first: the answer sets the session cookie (browsers) and returns a bearer token (other clients).

mutation SignIn {
  login(username: "demo", password: "demo1234") {
    token
    user { id username company }
  }
}

query Search {
  searchSuggestions(keyword: "gm", by: NAME) { text }
  goodsList(filter: { keyword: "感冒" }, page: 1, pageSize: 10) {
    total
    items { id name manufacturer spec stock isBuyable price { amount } ladderPrices { number price { amount } } }
  }
}

mutation AddToCart {
  addToCart(lines: [{ goodsId: "1", number: 2 }]) {
    message
    cart { id count }
  }
}

query ReadCart {
  cart {
    id
    count
    lines { id number price { amount } total { amount } selected nextTierHint goods { name packingUnit } }
    summary {
      selectedCount
      selectedTotal { amount }
      shippingShortfall { amount }
      freeShipping
      fullReductionTiers { label reached shortfall { amount } }
    }
  }
}
`;
