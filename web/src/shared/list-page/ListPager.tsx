import { Pager } from '../../components/Pager';

/**
 * The pager under a list once the list is read: 上一页 / 第 n / m 页（共 t 条）/ 下一页, nothing while loading or
 * when the list fits on one page.
 */
export function ListPager({
  list,
  page,
  onGo,
  unit,
}: {
  list: { total: number; pageSize: number } | null | undefined;
  page: number;
  onGo: (page: number) => void;
  /** The counting word of the total (条, 张); without it no total is shown. */
  unit?: string;
}) {
  if (!list) return null;
  return (
    <Pager
      page={page}
      total={list.total}
      pageSize={list.pageSize}
      onGo={onGo}
      note={unit === undefined ? undefined : `（共 ${list.total} ${unit}）`}
    />
  );
}
