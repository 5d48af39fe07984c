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

# Follow the cart (CART-27): the stream stays open and shows the whole cart after each change made anywhere (another
# tab, a phone, another gateway replica). Run AddToCart in a second GraphiQL tab to see it arrive.
subscription FollowCart {
  cartChanged { id count lines { id number goods { name } } summary { selectedTotal { amount } } }
}

# Confirm and place an order. Put the selected line ids of ReadCart and an address id of ConfirmOrder in the
# variables pane, e.g. { "lines": ["12"], "address": "3", "coupon": null, "key": "any-new-text" }.
# A new key per confirm page: submitting twice with the same key places one order.
query ConfirmOrder($lines: [ID!]!) {
  orderPreview(cartLineIds: $lines) {
    lines { id number price { amount } total { amount } goods { name } }
    amounts { goods { amount } fullReduction { amount } discount { amount } coupon { amount } freight { amount } payable { amount } }
    addresses { id consignee phone isDefault }
    coupons { usable reason coupon { id name threshold { amount } } }
    needsReceipt
  }
}

mutation PlaceOrder($lines: [ID!]!, $address: ID!, $coupon: ID, $key: String!) {
  placeOrder(input: { cartLineIds: $lines, addressId: $address, couponId: $coupon, idempotencyKey: $key }) {
    order { id orderSn status amounts { payable { amount } } }
    userErrors { code field message }
    cart { id count }
  }
}

# Pay by balance: the order id from PlaceOrder, e.g. { "order": "42" }. A refusal (balance too low, receipt step
# needed) comes back in userErrors; WalletAfterPaying shows the balance fall by the amount paid.
query PayPage($order: ID!) {
  payment(orderId: $order) {
    balance { amount }
    methods { code name enabled }
    order { orderSn needsReceipt amounts { payable { amount } } }
  }
}

mutation PayByBalance($order: ID!) {
  payOrder(orderId: $order, method: BALANCE) {
    order { id status statusText paymentMethod paidAt }
    userErrors { code message }
  }
}

query WalletAfterPaying {
  me {
    wallet {
      balance { amount }
      log(pageSize: 5) { items { amount { amount } balanceAfter { amount } type remark createdAt } }
    }
  }
}
`;
