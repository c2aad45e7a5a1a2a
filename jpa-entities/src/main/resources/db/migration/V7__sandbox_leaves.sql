-- The payment companies' sandbox left the broker: it is company-sandbox now, a deployable of its own
-- with its own database (its own schema on PostgreSQL) and its own migrations.
-- Its tables in the broker's database go; the broker never read them (it reaches the companies
-- only over HTTP). Orders the old in-process sandbox held are not carried over: it was a test
-- double, and a real company's orders are never in the broker's database either.
DROP TABLE sandbox_declaration;
DROP TABLE sandbox_order;
DROP TABLE sandbox_party;
DROP SEQUENCE sandbox_declaration_seq;
DROP SEQUENCE sandbox_order_seq;
DROP SEQUENCE sandbox_party_seq;
