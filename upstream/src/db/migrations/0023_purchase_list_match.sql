-- IMPORT-04: a purchase list is matched by approval number and by whole name, each an equality join of the list's
-- rows against these keys (the approval number without its 国药准字 prefix, the name in lower case).
CREATE INDEX goods_pzwh_key_idx ON goods ((upper(replace(pzwh, '国药准字', ''))));
CREATE INDEX goods_name_lower_idx ON goods ((lower(name)));
