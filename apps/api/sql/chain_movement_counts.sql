-- The settled and refused chain movements, counted as they change status (GET /admin/settlement
-- reads two rows instead of counting the table). Per statement, over the changed rows as a set:
-- the sender settles a whole batch in one UPDATE. Only the sender (one process, under its lease)
-- settles or refuses, so the two counter rows are no queue for the money operations: their
-- movements are inserted pending and change nothing here. So that they do not pay for a
-- trigger call either, an insert is counted by a row trigger whose WHEN the executor tests
-- without calling any function: only a movement inserted already settled or refused (a
-- repair, a test) gets here.
CREATE OR REPLACE FUNCTION chain_movement_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO chain_movement_counts AS c (status, movements) VALUES (NEW.status, 1)
    ON CONFLICT (status) DO UPDATE SET movements = c.movements + 1;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO chain_movement_counts AS c (status, movements)
    SELECT status, sum(n) FROM (
      SELECT status, 1 AS n FROM counted_new WHERE status IN ('settled', 'refused')
      UNION ALL
      SELECT status, -1 FROM counted_old WHERE status IN ('settled', 'refused')) d
     GROUP BY status HAVING sum(n) <> 0 ORDER BY status
    ON CONFLICT (status) DO UPDATE SET movements = c.movements + excluded.movements;
  ELSE
    UPDATE chain_movement_counts c SET movements = c.movements - d.n
      FROM (SELECT status, count(*) AS n FROM counted_old WHERE status IN ('settled', 'refused') GROUP BY status) d
     WHERE c.status = d.status;
  END IF;
  RETURN NULL;
END
$$;

-- A trigger with transition tables answers one event: three triggers, one function.
CREATE OR REPLACE TRIGGER chain_movements_count_insert AFTER INSERT ON chain_movements
  FOR EACH ROW WHEN (NEW.status IN ('settled', 'refused')) EXECUTE FUNCTION chain_movement_counts();
CREATE OR REPLACE TRIGGER chain_movements_count_update AFTER UPDATE ON chain_movements
  REFERENCING OLD TABLE AS counted_old NEW TABLE AS counted_new FOR EACH STATEMENT EXECUTE FUNCTION chain_movement_counts();
CREATE OR REPLACE TRIGGER chain_movements_count_delete AFTER DELETE ON chain_movements
  REFERENCING OLD TABLE AS counted_old FOR EACH STATEMENT EXECUTE FUNCTION chain_movement_counts();
