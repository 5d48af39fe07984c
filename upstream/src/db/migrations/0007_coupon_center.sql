-- The coupon centre (领券中心, /lqzx): coupons a buyer takes for themselves, from a limited stock. center_total is
-- null for coupons that are only granted (the seed's holdings); center_remaining never goes below zero, which is
-- what makes the last coupon go to exactly one buyer.
ALTER TABLE coupons ADD COLUMN center_total INTEGER CHECK (center_total > 0);
ALTER TABLE coupons ADD COLUMN center_remaining INTEGER CHECK (center_remaining >= 0);
ALTER TABLE coupons ADD CONSTRAINT coupons_center_stock CHECK (
  (center_total IS NULL AND center_remaining IS NULL) OR center_remaining <= center_total
);
CREATE INDEX coupons_center_idx ON coupons (id) WHERE center_total IS NOT NULL;

-- One take per buyer and coupon: the unique index, not a read before the write, refuses a second take, so two
-- takes at once by the same buyer cannot both succeed. Granted coupons (via_center 0) are outside the rule.
ALTER TABLE user_coupons ADD COLUMN via_center INTEGER NOT NULL DEFAULT 0 CHECK (via_center IN (0, 1));
CREATE UNIQUE INDEX user_coupons_center_once ON user_coupons (user_id, coupon_id) WHERE via_center = 1;
