import { describe, expect, it } from 'vitest';
import { helpMenuGroups } from './help-menu';

const article = (id: string, title: string) => ({ __typename: 'HelpArticle' as const, id, title });

const categories = [
  {
    __typename: 'HelpCategory' as const,
    id: '1',
    name: '新手指南',
    articles: [article('1', '会员注册'), article('2', '购物指南')],
  },
  { __typename: 'HelpCategory' as const, id: '4', name: '支付配送', articles: [article('9', '订单支付')] },
];

describe('the help side menu (INFO-01)', () => {
  it('lists each category with its articles in the footer shape, marking the one shown', () => {
    const groups = helpMenuGroups(categories, { articleId: '2' });
    expect(groups.map((g) => g.title)).toEqual(['新手指南', '支付配送', '更多']);
    expect(groups[0]?.links).toEqual([
      { to: '/help/xrzn/hyzc?id=1', label: '会员注册', current: false },
      { to: '/help/xrzn/hyzc?id=2', label: '购物指南', current: true },
    ]);
    expect(groups.flatMap((g) => g.links).filter((l) => l.current)).toHaveLength(1);
  });

  it('always offers the other information pages, even before the categories load', () => {
    const [more] = helpMenuGroups(undefined, { path: '/news' });
    expect(more?.links.map((l) => [l.to, l.current])).toEqual([
      ['/help', false],
      ['/help_pay', false],
      ['/news', true],
      ['/privacy', false],
    ]);
  });
});
