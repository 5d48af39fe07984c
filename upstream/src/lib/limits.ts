/**
 * Limits on guessing (SEC-10 to SEC-13, docs/adr/0129-upstream-limits-and-secret.md): failed logins per account and
 * address, code requests and failed password resets per address. The counters live in this process's memory: the
 * upstream runs as one process, and a restart that forgets them only ever lets a buyer in sooner.
 */
import { isIP } from 'node:net';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { Refusal } from '@pharma/domain/codes';
import { ApiError } from './http';

/** At most `points` counted tries per key in a window of `seconds`; reaching it locks the key for `lockSeconds`. */
export interface Rule {
  points: number;
  seconds: number;
  lockSeconds: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export const RULES = {
  /** SEC-10: one person mistyping their own password at their own address. */
  loginPair: { points: 10, seconds: 15 * MINUTE, lockSeconds: 15 * MINUTE },
  /** SEC-11: many addresses guessing one account. */
  loginAccount: { points: 50, seconds: HOUR, lockSeconds: HOUR },
  /** SEC-12: one address guessing many accounts; a chain's whole NAT shares it, hence the breadth. */
  loginAddress: { points: 100, seconds: HOUR, lockSeconds: HOUR },
  /**
   * SEC-13: text messages cost money and tell which numbers are registered, so each request counts; an office
   * registering its stores asks for a few codes each.
   */
  codeAddress: { points: 60, seconds: HOUR, lockSeconds: HOUR },
  /** SEC-13: wrong codes (or numbers) of a password reset. */
  resetAddress: { points: 20, seconds: HOUR, lockSeconds: HOUR },
} as const satisfies Record<string, Rule>;

/** SEC-11: an address an account signed in from stays outside that account's own limit this long. */
const KNOWN_ADDRESS_SECONDS = 30 * 24 * HOUR;
/** Bounds the memory of known addresses; the oldest are forgotten first. */
const KNOWN_ADDRESS_MAX = 100_000;

/** SEC-14: the wording of a refusal; whole minutes once the wait is a minute or more. */
export function tooManyAttemptsText(seconds: number): string {
  return seconds < MINUTE
    ? `尝试次数过多，请${seconds}秒后再试`
    : `尝试次数过多，请${Math.ceil(seconds / MINUTE)}分钟后再试`;
}

/** SEC-14: HTTP 429 with `Retry-After` (app.ts writes the header) and the seconds again in `data`. */
export class TooManyAttempts extends ApiError {
  /** @param rule the rule that refused (SEC-24's audit line names it: the login rules are lockouts) */
  constructor(
    readonly retryAfterSeconds: number,
    readonly rule: keyof typeof RULES | 'payPassword' | 'unknown' = 'unknown',
    message: string = tooManyAttemptsText(retryAfterSeconds),
  ) {
    super(429, Refusal.TOO_MANY_ATTEMPTS, message, {
      retry_after: retryAfterSeconds,
    });
  }
}

const wholeSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** One rule's counters, by key. */
class Counter {
  private readonly limiter: RateLimiterMemory;

  private readonly rule: Rule;

  constructor(readonly name: keyof typeof RULES) {
    this.rule = RULES[name];
    this.limiter = new RateLimiterMemory({ points: this.rule.points, duration: this.rule.seconds });
  }

  /** Counts a try; a try over the limit is taken back at once and answered with the seconds left. */
  async take(key: string): Promise<{ reached: boolean } | { retryAfter: number }> {
    try {
      const res = await this.limiter.consume(key);
      return { reached: res.remainingPoints === 0 };
    } catch (refused) {
      if (!(refused instanceof RateLimiterRes)) throw refused;
      // A refused try costs nothing: a locked-out buyer retrying must not use up the address's allowance (SEC-12).
      await this.limiter.reward(key);
      return { retryAfter: wholeSeconds(refused.msBeforeNext) };
    }
  }

  async giveBack(key: string): Promise<void> {
    await this.limiter.reward(key);
  }

  async forget(key: string): Promise<void> {
    await this.limiter.delete(key);
  }

  async lock(key: string): Promise<void> {
    await this.limiter.block(key, this.rule.lockSeconds);
  }
}

interface Taken {
  counter: Counter;
  key: string;
  reached: boolean;
}

/** One try, counted under every rule it falls under until its outcome says otherwise. */
export class Attempt {
  constructor(private readonly taken: readonly Taken[]) {}

  /** The try failed (or, for code requests, happened): it stays counted, and a counter it filled locks its key. */
  async keep(): Promise<void> {
    await Promise.all(this.taken.filter((t) => t.reached).map((t) => t.counter.lock(t.key)));
  }

  /** The try succeeded or never ran: it does not count; the counters in `forget` also drop earlier failures. */
  async release(forget: readonly Counter[] = []): Promise<void> {
    await Promise.all(
      this.taken.map((t) => (forget.includes(t.counter) ? t.counter.forget(t.key) : t.counter.giveBack(t.key))),
    );
  }
}

/** Takes one try from every counter, or none: refused by one, the others are given back (SEC-14). */
async function begin(entries: readonly (readonly [Counter, string])[]): Promise<Attempt> {
  const taken: Taken[] = [];
  for (const [counter, key] of entries) {
    const outcome = await counter.take(key);
    if ('retryAfter' in outcome) {
      await Promise.all(taken.map((t) => t.counter.giveBack(t.key)));
      throw new TooManyAttempts(outcome.retryAfter, counter.name);
    }
    taken.push({ counter, key, reached: outcome.reached });
  }
  return new Attempt(taken);
}

/**
 * SEC-14: the key of a client address. An IPv4 address inside IPv6 (`::ffff:1.2.3.4`) is that IPv4 address; an
 * IPv6 address counts by its /64, the block one household or office is given, so that rotating through it is no
 * way around a limit.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1] !== undefined) return mapped[1];
  const bare = address.split('%', 1)[0] ?? address;
  if (isIP(bare) !== 6) return address;
  const [head = '', tail] = bare.split('::', 2);
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  // A dotted IPv4 tail (64:ff9b::1.2.3.4) fills two groups.
  const rightGroups = right.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const zeros = tail === undefined ? 0 : 8 - left.length - rightGroups;
  const groups = [...left, ...Array<string>(zeros).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** The upstream's limits, one set per app (tests get fresh ones with each app). */
export class Limits {
  private readonly loginPair = new Counter('loginPair');
  private readonly loginAccount = new Counter('loginAccount');
  private readonly loginAddress = new Counter('loginAddress');
  private readonly codeAddress = new Counter('codeAddress');
  private readonly resetAddress = new Counter('resetAddress');
  /** `address\nusername` → when the knowledge expires (ms); in insertion order, oldest first. */
  private readonly knownAddresses = new Map<string, number>();

  /**
   * SEC-10 to SEC-12: a login try of `username` from `address`, refused with 429 while any of its counters is full
   * (the right password too). Its outcome: `keep()` for wrong credentials, `succeeded()` for a sign-in,
   * `release()` for anything else.
   */
  async login(username: string, address: string): Promise<LoginAttempt> {
    const at = addressKey(address);
    const pair = `${at}\n${username}`;
    const entries: [Counter, string][] = [[this.loginPair, pair]];
    // SEC-11: someone spraying guesses at an account from elsewhere does not lock its buyer out where they work.
    if (!this.isKnown(pair)) entries.push([this.loginAccount, username]);
    entries.push([this.loginAddress, at]);
    const attempt = await begin(entries);
    return {
      keep: () => attempt.keep(),
      release: () => attempt.release(),
      succeeded: async () => {
        this.remember(pair);
        // SEC-10: a sign-in clears this buyer's mistakes here; the account's and the address's tallies only lose
        // this try, so that signing in between guesses does not reset them.
        await attempt.release([this.loginPair]);
      },
    };
  }

  /** SEC-13: a code request from `address`; every request counts (`keep()`), or `release()` when it never ran. */
  codeRequest(address: string): Promise<Attempt> {
    return begin([[this.codeAddress, addressKey(address)]]);
  }

  /** SEC-13: a password reset from `address`: `keep()` a refused code or number, `release()` a reset done. */
  passwordReset(address: string): Promise<Attempt> {
    return begin([[this.resetAddress, addressKey(address)]]);
  }

  private isKnown(pair: string): boolean {
    const expires = this.knownAddresses.get(pair);
    if (expires === undefined) return false;
    if (expires > Date.now()) return true;
    this.knownAddresses.delete(pair);
    return false;
  }

  private remember(pair: string): void {
    this.knownAddresses.delete(pair);
    this.knownAddresses.set(pair, Date.now() + KNOWN_ADDRESS_SECONDS * 1000);
    if (this.knownAddresses.size > KNOWN_ADDRESS_MAX) {
      const oldest = this.knownAddresses.keys().next();
      if (oldest.done !== true) this.knownAddresses.delete(oldest.value);
    }
  }
}

export interface LoginAttempt {
  keep(): Promise<void>;
  release(): Promise<void>;
  succeeded(): Promise<void>;
}

/**
 * Runs `work` as one counted try: a refusal it throws (4xx) counts, a server failure does not; a success counts when
 * `success` says `keep` (code requests) and not when it says `release` (password resets).
 */
export async function counted<T>(attempt: Attempt, success: 'keep' | 'release', work: () => Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await (error instanceof ApiError && error.status < 500 ? attempt.keep() : attempt.release());
    throw error;
  }
  await (success === 'keep' ? attempt.keep() : attempt.release());
  return result;
}
