-- CATALOG-11: buyers' taps on activities (POST /api/activity/tap), an analytics count: one row per activity and
-- China-time day, incremented in place (concurrent taps each count), with how many of the taps came from signed-in
-- buyers. The activity's own rows go with it.
CREATE TABLE activity_taps (
  activity_id INTEGER NOT NULL REFERENCES activities (id) ON DELETE CASCADE,
  day DATE NOT NULL,
  taps INTEGER NOT NULL CHECK (taps > 0),
  member_taps INTEGER NOT NULL CHECK (member_taps >= 0 AND member_taps <= taps),
  last_tapped_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (activity_id, day)
);
