import { Field, makeStyles, Select } from '@fluentui/react-components';
import { useState } from 'react';
import { ListFilters } from '../../shared/list-page/ListFilters';
import { SearchField } from '../../shared/list-page/SearchField';
import { QUICK_ORDERS, type QuickBuyState } from './quick-buy-params';

const useStyles = makeStyles({
  keyword: { maxWidth: '360px' },
});

/** The search and the sort (the list kit's filter form); they start from what the address says, any change at page 1. */
export function QuickBuyTools({
  state,
  onChange,
}: {
  state: QuickBuyState;
  onChange: (next: Partial<QuickBuyState>) => void;
}) {
  const styles = useStyles();
  const [keyword, setKeyword] = useState(state.keyword);
  return (
    <ListFilters
      label="搜索采购过的商品"
      search
      submitLabel="搜索"
      onSubmit={() => onChange({ keyword: keyword.trim() })}
      reset={
        state.keyword
          ? {
              label: '清除',
              onClick: () => {
                setKeyword('');
                onChange({ keyword: '' });
              },
            }
          : undefined
      }
    >
      <SearchField
        label="商品名称、厂家或拼音首字母"
        className={styles.keyword}
        placeholder="如 感冒灵 或 gml"
        typed={[keyword, setKeyword]}
      />
      <Field label="排序">
        <Select value={state.sort} onChange={(_e, d) => onChange({ sort: d.value })}>
          {QUICK_ORDERS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      </Field>
    </ListFilters>
  );
}
