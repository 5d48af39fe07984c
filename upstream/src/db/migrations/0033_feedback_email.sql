-- REQ-04: feedback may carry a contact email (联系邮箱) by VAL-03; NULL when the buyer gave none (never '' for none).
ALTER TABLE feedback ADD COLUMN email TEXT;
