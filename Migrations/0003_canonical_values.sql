-- Schema 3: values that are matched or counted are compared in NFC.
--
-- An item's key, a section's spellings of its value and an index column's values are now stored
-- trimmed and in Unicode Normalization Form C, so that NFC and NFD input are one value: "Ütah"
-- written either way counts toward one heading, and an item's key finds it however it is typed.
-- Fields themselves stay exactly as written. SQL cannot normalize text, so the program does the
-- work in this migration's transaction: it rewrites the keys (refusing, without changing
-- anything, two items whose keys become equal) and builds every list again from the items.
SELECT 1;
