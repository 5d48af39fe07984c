-- The brand page lists one brand's goods; seckill and daily-special sections read one activity type's goods.
CREATE INDEX goods_brand_idx ON goods (brand_id) WHERE brand_id IS NOT NULL;
CREATE INDEX goods_activities_activity_idx ON goods_activities (activity_id);
CREATE INDEX activities_type_idx ON activities (type, end_at);
