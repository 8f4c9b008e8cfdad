//! A token bucket for the host API: a host may send `burst` messages at once and `perSecond`
//! on average; beyond that a message is refused (the lab answers with one `error` event per
//! second at most, so a flooding host cannot flood itself either). Pure: the caller passes the
//! time.

export class TokenBucket {
  private tokens: number;
  private lastMs: number | null = null;

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
  ) {
    this.tokens = burst;
  }

  /** Takes one token at `nowMs`; false when the bucket is empty. */
  take(nowMs: number): boolean {
    if (this.lastMs !== null) {
      const elapsed = Math.max(0, nowMs - this.lastMs);
      this.tokens = Math.min(this.burst, this.tokens + (elapsed * this.perSecond) / 1000);
    }
    this.lastMs = nowMs;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
