/**
 * The time the scheduled money work (instalments, decision 026) runs at. In production it is the
 * wall clock; outside production `/dev/clock` can set it ahead of the wall clock, so a journey can reach an
 * instalment's due date without waiting for it.
 */
export class Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Sets the clock `ms` ahead of the wall clock (0: the wall clock again). */
  setAhead(ms: number): Date {
    this.offsetMs = ms;
    return this.now();
  }
}
