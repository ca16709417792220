// Request counters per method and route template, and a bounded log of recent requests (header names only).
export interface RequestLogEntry {
  time: string;
  method: string;
  route: string;
  path: string;
  /** Names of the request headers; never their values (the Authorization value above all). */
  headers: string[];
  tenantContext: boolean;
  regionContext?: string;
  status?: number | "dropped";
  durationMs?: number;
}

const LOG_MAX = 1000;
export const UNMATCHED = "(unmatched)";

export class RequestStats {
  private counts = new Map<string, number>();
  private log: RequestLogEntry[] = [];

  record(method: string, route: string, path: string, headers: Record<string, unknown>): RequestLogEntry {
    const key = `${method} ${route}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    const region = headers["x-region-context"];
    const entry: RequestLogEntry = {
      time: new Date().toISOString(),
      method,
      route,
      path,
      headers: Object.keys(headers),
      tenantContext: headers["x-tenant-context"] !== undefined,
      ...(typeof region === "string" ? { regionContext: region } : {}),
    };
    this.log.push(entry);
    if (this.log.length > LOG_MAX) this.log.splice(0, this.log.length - LOG_MAX);
    return entry;
  }

  counters(): Record<string, number> {
    return Object.fromEntries(this.counts);
  }

  recent(limit: number): RequestLogEntry[] {
    return this.log.slice(-limit);
  }

  reset(): void {
    this.counts.clear();
    this.log = [];
  }
}
