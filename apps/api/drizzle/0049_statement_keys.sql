-- The annual statement reads, page by page of a customer's ledger entries, the transactions
-- that booked them (transactions.byJournalEntries): found by the entry, not by walking the
-- customer's whole history once per page.
CREATE INDEX IF NOT EXISTS "transactions_journal_entry_idx" ON "transactions" ("journal_entry_id");
