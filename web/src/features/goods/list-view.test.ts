import { describe, expect, it } from 'vitest';
import { listViewOf, listViewPath } from './list-view';

describe('goods list layouts', () => {
  it('reads the layout from the address', () => {
    expect(listViewOf('/list')).toBe('grid');
    expect(listViewOf('/list/table')).toBe('table');
    expect(listViewOf('/search/table/')).toBe('table');
    expect(listViewOf('/list/no_image')).toBe('no_image');
  });

  it('switches layout keeping the query', () => {
    expect(listViewPath('/search', 'table', '?keyword=gmlkl&sort=SALES&page=2')).toBe(
      '/search/table?keyword=gmlkl&sort=SALES&page=2',
    );
    expect(listViewPath('/list', 'grid', '?category=3')).toBe('/list?category=3');
    expect(listViewPath('/list', 'no_image', '')).toBe('/list/no_image');
  });
});
