import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { firstValueFrom, of } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ViewerQuery } from '../shared/viewer';
import { subscribeNotices, type Notice } from '../shared/notify';
import { errorLink } from './errors';
import { bindNavigation } from './navigation';

/** Runs one operation through the error link over a fake gateway that answers `errors`. */
async function answer(
  errors: { message: string; extensions: Record<string, unknown> }[],
  inline = false,
  inlineBusinessCodes: readonly number[] = [],
) {
  const gateway = new ApolloLink(() => of({ data: null, errors }));
  const link = ApolloLink.from([errorLink, gateway]);
  const client = new ApolloClient({ link, cache: new InMemoryCache() });
  const context = { inlineInputErrors: inline, inlineBusinessCodes };
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
    await answer([{ message: '请先签署电子合同', extensions: { code: 'CONTRACT_REQUIRED', redirect: '/dzht' } }]);
    expect(seen.map((notice) => notice.text)).toEqual(['请先签署电子合同']);
    expect(visited).toEqual(['/dzht']);
  });

  it('leaves a form to show its own input error beside the field', async () => {
    const error = { message: '用户名或密码错误', extensions: { code: 'BAD_USER_INPUT', fields: {} } };
    await answer([error], true);
    expect(seen).toEqual([]);
    await answer([error]);
    expect(seen).toEqual([{ kind: 'toast', intent: 'error', text: '用户名或密码错误' }]);
  });
});
