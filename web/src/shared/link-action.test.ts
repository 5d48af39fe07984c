import { describe, expect, it } from 'vitest';
import { linkAction } from './link-action';

const origin = 'https://www.example.cn';

describe('marketplace links', () => {
  it('say the activity has not started when they have no target', () => {
    expect(linkAction(null, origin)).toEqual({ kind: 'message', text: '活动未开始' });
    expect(linkAction('', origin)).toEqual({ kind: 'message', text: '活动未开始' });
  });
  it('show the text after * or # as a message', () => {
    expect(linkAction('*敬请期待双十二', origin)).toEqual({ kind: 'message', text: '敬请期待双十二' });
    expect(linkAction('#仅限会员参加', origin)).toEqual({ kind: 'message', text: '仅限会员参加' });
  });
  it('navigate inside the app for site paths and same-origin addresses', () => {
    expect(linkAction('/yx', origin)).toEqual({ kind: 'internal', to: '/yx' });
    expect(linkAction('https://www.example.cn/list?category=3', origin)).toEqual({
      kind: 'internal',
      to: '/list?category=3',
    });
  });
  it('leave the site for other addresses', () => {
    expect(linkAction('https://partner.example.com/a', origin)).toEqual({
      kind: 'external',
      href: 'https://partner.example.com/a',
    });
  });
});
