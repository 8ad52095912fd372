/** Rate-limit counters: one per name and time window, gone some time after `expiresAt` (epoch seconds). */
export interface CounterStore {
  /** adds one atomically; the count afterwards */
  add(key: string, expiresAt: number): Promise<number>;
  /** strongly consistent; 0 for a counter never counted */
  read(key: string): Promise<number>;
}
