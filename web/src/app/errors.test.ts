import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { firstValueFrom, of, throwError } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ViewerQuery } from '../shared/viewer';
import { subscribeNotices, type Notice } from '../shared/notify';
import { CART_ADD_CONTEXT } from '../shared/cart-add';
import { SECONDARY, type InlineInputErrorsContext } from '../shared/error-policy';
import { errorLink, REQUEST_TIMEOUT_MS, timedFetch } from './errors';
import { bindNavigation } from './navigation';

/** Runs one operation through the error link over a fake gateway that answers `errors`. */
async function answer(
  errors: { message: string; extensions: Record<string, unknown> }[],
  inline = false,
  inlineBusinessCodes: readonly number[] = [],
  more: InlineInputErrorsContext = {},
) {
  const gateway = new ApolloLink(() => of({ data: null, errors }));
  const link = ApolloLink.from([errorLink, gateway]);
  const client = new ApolloClient({ link, cache: new InMemoryCache() });
  const context = { inlineInputErrors: inline, inlineBusinessCodes, ...more };
  await firstValueFrom(ApolloLink.execute(link, { query: ViewerQuery, context }, { client })).catch(() => undefined);
}

describe('the error link', () => {
  const seen: Notice[] = [];
  const visited: string[] = [];
  let unsubscribe: () => void;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.advanceTimersByTime(60_000);
    seen.length = 0;
    visited.length = 0;
    unsubscribe = subscribeNotices((notice) => seen.push(notice));
    bindNavigation((to) => visited.push(to));
  });
  afterEach(() => {
    unsubscribe();
    vi.useRealTimers();
  });

  it('opens a 温馨提示 dialog with the upstream message for a business error', async () => {
    await answer([{ message: '库存不足', extensions: { code: 'BUSINESS_ERROR', upstreamCode: 40001 } }]);
    expect(seen).toEqual([{ kind: 'dialog', title: '温馨提示', text: '库存不足' }]);
  });

  it('leaves the business refusals a form shows beside a field to the form, and only those', async () => {
    const wrongCode = { message: '验证码错误或已过期', extensions: { code: 'BUSINESS_ERROR', upstreamCode: 40031 } };
    await answer([wrongCode], true, [40031, 40033]);
    expect(seen).toEqual([]);
    await answer([{ ...wrongCode, extensions: { ...wrongCode.extensions, upstreamCode: 40099 } }], true, [40031]);
    expect(seen).toEqual([{ kind: 'dialog', title: '温馨提示', text: '验证码错误或已过期' }]);
  });

  it('offers a refresh when the upstream timed out', async () => {
    await answer([{ message: '请求超时，请刷新页面', extensions: { code: 'UPSTREAM_TIMEOUT' } }]);
    expect(seen).toEqual([{ kind: 'dialog', title: '温馨提示', text: '请求超时，请刷新页面', action: 'reload' }]);
  });

  it('shows the message and goes to /dzht when a contract is required', async () => {
    // The error link reads where the buyer is from the window, which node has none of.
    vi.stubGlobal('window', {
      location: { pathname: '/cart/step2', search: '?lines=4,5' },
      navigator: { userAgent: 'node' },
    });
    await answer([{ message: '请先签署电子合同', extensions: { code: 'CONTRACT_REQUIRED', redirect: '/dzht' } }]);
    vi.unstubAllGlobals();
    expect(seen.map((notice) => notice.text)).toEqual(['请先签署电子合同']);
    // CONTRACT-05: with the page the buyer was on, to lead back there once signed.
    expect(visited).toEqual([`/dzht?from=${encodeURIComponent('/cart/step2?lines=4,5')}`]);
  });

  it('leaves a form to show its own input error beside the field', async () => {
    const error = { message: '用户名或密码错误', extensions: { code: 'BAD_USER_INPUT', fields: {} } };
    await answer([error], true);
    expect(seen).toEqual([]);
    await answer([error]);
    expect(seen).toEqual([{ kind: 'toast', intent: 'error', text: '用户名或密码错误' }]);
  });

  it('ERR-10: says nothing at all when a secondary call fails, whatever the failure', async () => {
    await answer(
      [{ message: '库存不足', extensions: { code: 'BUSINESS_ERROR', upstreamCode: 40001 } }],
      false,
      [],
      SECONDARY,
    );
    await answer([{ message: '系统繁忙', extensions: { code: 'UPSTREAM_UNAVAILABLE' } }], false, [], SECONDARY);
    await answer([{ message: '请求超时', extensions: { code: 'UPSTREAM_TIMEOUT' } }], false, [], SECONDARY);
    await answer([{ message: '请先登录', extensions: { code: 'UNAUTHENTICATED' } }], false, [], SECONDARY);
    const down = new ApolloLink(() => throwError(() => new Error('Failed to fetch')));
    const link = ApolloLink.from([errorLink, down]);
    const client = new ApolloClient({ link, cache: new InMemoryCache() });
    await firstValueFrom(ApolloLink.execute(link, { query: ViewerQuery, context: SECONDARY }, { client })).catch(
      () => undefined,
    );
    expect(seen).toEqual([]);
    expect(visited).toEqual([]);
    // The same failure of the page's own call is still told.
    await answer([{ message: '系统繁忙', extensions: { code: 'UPSTREAM_UNAVAILABLE' } }]);
    expect(seen).toEqual([{ kind: 'toast', intent: 'error', text: '系统繁忙，请稍候再试' }]);
  });

  it('ERR-07: offers a refresh when the browser gave up on a request after 30 s, and says nothing of a cancel', async () => {
    const run = async (error: Error) => {
      const failing = new ApolloLink(() => throwError(() => error));
      const link = ApolloLink.from([errorLink, failing]);
      const client = new ApolloClient({ link, cache: new InMemoryCache() });
      await firstValueFrom(ApolloLink.execute(link, { query: ViewerQuery }, { client })).catch(() => undefined);
    };
    // The same alert of an earlier test is within the repeat window of notify's clock: move past it.
    vi.advanceTimersByTime(60_000);
    await run(new DOMException('请求超时，请刷新页面', 'TimeoutError'));
    expect(seen).toEqual([{ kind: 'dialog', title: '温馨提示', text: '请求超时，请刷新页面', action: 'reload' }]);
    await run(new DOMException('The operation was aborted.', 'AbortError'));
    expect(seen).toHaveLength(1);
  });

  it('CART-13: shows a refused add to the cart as its message with a warning icon, not a dialog', async () => {
    const refusal = { message: '库存不足，最多可购买3件', extensions: { code: 'BUSINESS_ERROR', upstreamCode: 40001 } };
    await answer([refusal], false, [], CART_ADD_CONTEXT);
    expect(seen).toEqual([{ kind: 'toast', intent: 'warning', text: '库存不足，最多可购买3件' }]);
  });
});

describe('API-03: the browser waits 30 s for an answer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A fetch that never answers, failing only when its signal aborts (a stalled connection). */
  const stalled: typeof fetch = (_input, init) =>
    new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));

  it('gives a stalled request up after 30 s with a TimeoutError, not a moment before', async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(30_000);
    let failure: unknown;
    void timedFetch(REQUEST_TIMEOUT_MS, stalled)('/graphql', {}).catch((error: unknown) => (failure = error));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(failure).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(failure).toBeInstanceOf(DOMException);
    expect((failure as DOMException).name).toBe('TimeoutError');
  });

  it("is cancelled as before by the caller's own signal, and an answer in time stops the clock", async () => {
    const caller = new AbortController();
    let failure: unknown;
    void timedFetch(REQUEST_TIMEOUT_MS, stalled)('/graphql', { signal: caller.signal }).catch(
      (error: unknown) => (failure = error),
    );
    caller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect((failure as DOMException).name).toBe('AbortError');

    const answered = await timedFetch(REQUEST_TIMEOUT_MS, async () => new Response('{}'))('/graphql', {});
    expect(answered.status).toBe(200);
    expect(vi.getTimerCount()).toBe(0);
  });
});
