/** What bench/catalogue-child.ts runs and answers; shared by section 6 and the child. */
export interface CatalogueSpec {
  store: 'pglite' | 'postgres';
  goods: number;
  /** PostgreSQL: a database URL the child may create and drop its own database through. */
  adminUrl?: string;
  /** Seconds of load on the goods page of 50 (5 unless given). */
  seconds?: number;
}

export interface Latency {
  p50: number;
  p95: number;
}

export interface CatalogueResult {
  store: CatalogueSpec['store'];
  goods: number;
  /** Migrate, seed and grow to `goods`, as a first `npm start` does. */
  seedSeconds: number;
  /** The seeding process's peak resident memory. */
  seedPeakMb: number;
  /** GET /api/goods/search over every typed case, and the case with the highest p95. */
  search: Latency & { worst: { label: string; p95: number } };
  /** GET /api/goods/list?keywords=…&page_size=20, likewise. */
  list: Latency & { worst: { label: string; p95: number } };
  detail: Latency;
  /** PostgreSQL's CHECKPOINT ran between the seed and the measurement (false: the bench's user may not). */
  flushed: boolean;
  /** GET /api/goods/list?page=200&page_size=50, one request at a time. */
  deepPageP50: number;
  /** GET /api/goods/list?page_size=50 under autocannon, 10 connections. */
  page: { rps: number; p50: number; p99: number; errors: number };
}
