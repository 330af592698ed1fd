import { sql, type Kysely } from 'kysely';

// Where a quote came from and who sold it (docs/quote-actions.md "A quote request as SPEC writes it"): the
// attribution a quote request carries, kept on the quote's row from its quote.started event, and the agent a
// purchase credits, from quote.checkoutSubmitted. Older quotes have none (nulls). A client's request id names
// one quote only, so a repeated request finds the quote it made.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table quotes
      add column request_id text,
      add column quoting_platform text,
      add column quote_method text,
      add column entity_source_id integer,
      add column program_id text,
      add column logged_in_agent_id integer,
      add column sold_by_agent_id integer`.execute(db);
  await sql`create unique index quotes_request_id on quotes (request_id) where request_id is not null`.execute(
    db,
  );
}
