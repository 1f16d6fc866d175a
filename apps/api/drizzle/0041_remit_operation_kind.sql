-- A remittance's recipient row was booked without the operation kind the kernel stamps on every
-- other transaction (sql/money_op_remit.sql now copies it from the sender's row).
UPDATE "transactions" SET "operation_kind" = 'remit' WHERE "type" = 'REMIT' AND "operation_kind" IS NULL;
