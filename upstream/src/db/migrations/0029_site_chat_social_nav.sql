-- SHELL-08: the embedded customer-service chat's address (NULL: online chat is not open; each deployment sets its
-- own, production's differs from development's) and the social account (公众号) whose QR code the side bar shows:
-- its name and the follow link the code encodes (NULL: no code is shown).
ALTER TABLE site_config ADD COLUMN chat_url TEXT;
ALTER TABLE site_config ADD COLUMN social_account_name TEXT;
ALTER TABLE site_config ADD COLUMN social_account_url TEXT;

-- SHELL-19: a navigation link's picture for the side nav: an absolute address, or a path on this API
-- ('/api/images/nav/3.svg'); NULL when the link has none.
ALTER TABLE nav ADD COLUMN image TEXT;
