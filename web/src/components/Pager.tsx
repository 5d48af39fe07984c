import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { pageCount } from '../shared/page-param';

const useStyles = makeStyles({
  pager: {
    display: 'flex',
    justifyContent: 'center',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: '16px 0',
  },
});

export interface PagerProps {
  /** The page shown, from 1. */
  page: number;
  total: number;
  pageSize: number;
  /** Goes to another page; each list keeps its page in its own address. */
  onGo: (page: number) => void;
  /** Words after the page count, such as "（共 12 个订单）". */
  note?: string;
}

/** 上一页 / 第 n / m 页 / 下一页 under a list; nothing when the list fits on one page. */
export function Pager({ page, total, pageSize, onGo, note }: PagerProps) {
  const styles = useStyles();
  const pages = pageCount(total, pageSize);
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label="分页">
      <Button disabled={page <= 1} onClick={() => onGo(page - 1)}>
        上一页
      </Button>
      <span aria-current="page">
        第 {page} / {pages} 页{note}
      </span>
      <Button disabled={page >= pages} onClick={() => onGo(page + 1)}>
        下一页
      </Button>
    </nav>
  );
}
