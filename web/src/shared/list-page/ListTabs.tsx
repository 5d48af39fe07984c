import { makeStyles, mergeClasses, Tab, TabList, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  tabs: { marginBottom: tokens.spacingVerticalM, overflowX: 'auto' },
});

export interface ListTab<V extends string> {
  value: V;
  label: string;
  /** A count after the label (`可使用 (3)`); none when null or absent. */
  count?: number | null;
  /** The accessible name, when it says more than the text (`订单消息（2 条未读）`). */
  name?: string;
}

/** The tabs above a list (by state, by kind); the page keeps the chosen one in its address (SHELL-25). */
export function ListTabs<V extends string>({
  label,
  tabs,
  selected,
  onSelect,
  className,
}: {
  /** The tab list's accessible name (发票状态). */
  label: string;
  tabs: readonly ListTab<V>[];
  selected: V;
  onSelect: (value: V) => void;
  className?: string;
}) {
  const styles = useStyles();
  return (
    <TabList
      className={mergeClasses(styles.tabs, className)}
      selectedValue={selected}
      onTabSelect={(_event, data) => {
        const tab = tabs.find((t) => t.value === data.value);
        if (tab) onSelect(tab.value);
      }}
      aria-label={label}
    >
      {tabs.map((t) => (
        <Tab key={t.value} value={t.value} aria-label={t.name}>
          {t.count === undefined || t.count === null ? t.label : `${t.label} (${t.count})`}
        </Tab>
      ))}
    </TabList>
  );
}
