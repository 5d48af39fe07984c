-- QUICK-06: an order line keeps the goods' list price (before any ladder tier) as it was when the order was placed,
-- so buying the order again can say whether that quantity reached a ladder tier then and whether it does now. NULL
-- for lines written before this column existed: for them the earlier tier is unknown and no change is claimed.
ALTER TABLE order_lines ADD COLUMN list_price INTEGER CHECK (list_price >= 0);

-- QUICK-01: the quick-purchase list reads a buyer's non-cancelled orders (orders_user_idx) and their lines by order
-- (order_lines_order_idx); both indexes exist, so this migration adds none.
