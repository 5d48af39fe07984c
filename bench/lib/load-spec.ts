/** What bench/load.ts runs and answers; shared by the orchestrator and the load process. */
export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface LoadSpec {
  url: string;
  connections: number;
  seconds: number;
  /** Sent in turn, round-robin, by each connection. */
  requests: LoadRequest[];
  /** When present, each request gets the next token as its bearer. */
  tokens?: string[];
}

export interface LoadResult {
  requests: number;
  rps: number;
  /** Latency in milliseconds. */
  p50: number;
  p99: number;
  /** Transport errors, timeouts and non-2xx answers. */
  errors: number;
  bytes: number;
}
