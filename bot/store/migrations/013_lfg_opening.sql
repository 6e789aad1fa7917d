-- A table everyone confirmed is marked started before its lobby is made, and its members' entries stay until the
-- game is made: a process that stops in between leaves the table to be opened by the queue's clock, once
-- `opening_until` has passed (until then the process that started it is making it). NULL: nobody is opening it
-- (a table still confirming, one dropped, one whose game is made, or one started before this migration).

ALTER TABLE lfg_tables ADD COLUMN opening_until REAL;
CREATE INDEX lfg_tables_opening ON lfg_tables (opening_until) WHERE opening_until IS NOT NULL;
