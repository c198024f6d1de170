/**
 * Where the server asks the time. Production uses the wall clock; tests move a fixed clock
 * forward to cross code expiry, lockout windows and cut-off hours without waiting.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class FixedClock implements Clock {
  private current: number;
  constructor(start: Date | string | number = Date.now()) {
    this.current = new Date(start).getTime();
  }
  now() {
    return new Date(this.current);
  }
  set(to: Date | string | number) {
    this.current = new Date(to).getTime();
  }
  advance(ms: number) {
    this.current += ms;
  }
}
