import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { SearchField } from '../../shared/list-page/SearchField';
import type { OrderListState } from './order-tabs';

const useStyles = makeStyles({
  search: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    padding: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
});

/** The search by order number or goods name and the date range; it starts from what the address says. */
export function OrderSearch({
  state,
  onSearch,
}: {
  state: OrderListState;
  onSearch: (next: Pick<OrderListState, 'keyword' | 'startDate' | 'endDate'>) => void;
}) {
  const styles = useStyles();
  const [keyword, setKeyword] = useState(state.keyword);
  const [startDate, setStartDate] = useState(state.startDate);
  const [endDate, setEndDate] = useState(state.endDate);
  const searching = Boolean(state.keyword || state.startDate || state.endDate);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A range typed backwards is read the right way round.
    const [from, to] = startDate && endDate && startDate > endDate ? [endDate, startDate] : [startDate, endDate];
    onSearch({ keyword: keyword.trim(), startDate: from, endDate: to });
  };
  return (
    <form className={styles.search} role="search" aria-label="搜索订单" onSubmit={submit}>
      <SearchField label="订单号或商品名称" placeholder="输入订单号或商品名称" typed={[keyword, setKeyword]} />
      <Field label="下单日期从">
        <Input type="date" value={startDate} onChange={(_e, d) => setStartDate(d.value)} />
      </Field>
      <Field label="至">
        <Input type="date" value={endDate} onChange={(_e, d) => setEndDate(d.value)} />
      </Field>
      <Button type="submit" appearance="primary">
        搜索
      </Button>
      {searching ? (
        <Button onClick={() => onSearch({ keyword: '', startDate: '', endDate: '' })}>清除条件</Button>
      ) : null}
    </form>
  );
}
