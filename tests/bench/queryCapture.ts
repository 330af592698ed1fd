import type { LogEvent } from 'kysely';

// The queries the server runs while capturing is on (the benchmark turns it on around one request).
export class QueryCapture {
  private queries: { sql: string; parameters: readonly unknown[] }[] | null = null;

  readonly log = (event: LogEvent): void => {
    if (this.queries && event.level === 'query') {
      this.queries.push({ sql: event.query.sql, parameters: event.query.parameters });
    }
  };

  async during(work: () => Promise<void>): Promise<{ sql: string; parameters: readonly unknown[] }[]> {
    this.queries = [];
    try {
      await work();
      return this.queries;
    } finally {
      this.queries = null;
    }
  }
}
