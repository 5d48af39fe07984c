import { useQuery } from '@apollo/client/react';
import { Button, Input, makeStyles, tokens } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { Panel } from '../../components/Panel';
import { Pager } from '../../components/Pager';
import { graphql } from '../../gql';
import { SECONDARY } from '../../shared/error-policy';

export const InspectionReportsQuery = graphql(`
  query InspectionReports($goodsId: ID!, $batchNo: String, $page: Int!) {
    inspectionReports(filter: { goodsId: $goodsId, batchNo: $batchNo }, page: $page, pageSize: 5) {
      total
      page
      pageSize
      items {
        id
        batchNo
        reportNo
        laboratory
        producedOn
        expiresOn
        inspectedOn
        conclusion
        image
      }
    }
  }
`);

const useStyles = makeStyles({
  panel: { marginTop: tokens.spacingVerticalM },
  search: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'center' },
  input: { width: '220px', maxWidth: '100%' },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalS },
  report: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`,
    alignItems: 'center',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  fact: { margin: 0, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2 },
  strong: { color: tokens.colorNeutralForeground1, fontWeight: tokens.fontWeightSemibold },
  verdict: { color: tokens.colorPaletteGreenForeground1, fontWeight: tokens.fontWeightSemibold },
  empty: { margin: 0, color: tokens.colorNeutralForeground3 },
});

/**
 * REPORT-01: the goods' batches with their inspection reports, newest first, and a search by the batch number on the
 * box. Secondary to the goods page: if reports cannot be read the section is left out (ERR-10).
 */
export function InspectionReports({ goodsId }: { goodsId: string }) {
  const styles = useStyles();
  const [typed, setTyped] = useState('');
  const [batchNo, setBatchNo] = useState('');
  const [page, setPage] = useState(1);
  const { data, error } = useQuery(InspectionReportsQuery, {
    variables: { goodsId, batchNo: batchNo || null, page },
    context: SECONDARY,
  });
  if (error || !data) return null;
  const found = data.inspectionReports;
  const search = (event: FormEvent) => {
    event.preventDefault();
    setBatchNo(typed.trim());
    setPage(1);
  };
  return (
    <Panel className={styles.panel} title="检验报告">
      <form className={styles.search} onSubmit={search} role="search" aria-label="按批号查询检验报告">
        <Input
          className={styles.input}
          value={typed}
          onChange={(_event, { value }) => setTyped(value)}
          placeholder="输入包装上的批号"
          aria-label="批号"
          maxLength={32}
        />
        <Button type="submit">查询</Button>
        {batchNo ? (
          <Button
            appearance="subtle"
            onClick={() => {
              setTyped('');
              setBatchNo('');
              setPage(1);
            }}
          >
            查看全部批次
          </Button>
        ) : null}
      </form>
      {found.items.length === 0 ? (
        <p className={styles.empty}>{batchNo ? `没有找到批号 ${batchNo} 的检验报告` : '该商品暂无检验报告'}</p>
      ) : (
        <ul className={styles.list}>
          {found.items.map((report) => (
            <li key={report.id} className={styles.report}>
              <p className={styles.fact}>
                批号 <span className={styles.strong}>{report.batchNo}</span>
              </p>
              <p className={styles.fact}>
                生产日期 {report.producedOn} · 有效期至 {report.expiresOn}
              </p>
              <p className={styles.fact}>
                {report.laboratory} · {report.inspectedOn}
              </p>
              <p className={styles.fact}>
                结论 <span className={styles.verdict}>{report.conclusion}</span> ·{' '}
                <a href={report.image} target="_blank" rel="noopener noreferrer">
                  查看批号 {report.batchNo} 的检验报告
                </a>
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pager page={found.page} total={found.total} pageSize={found.pageSize} onGo={setPage} />
    </Panel>
  );
}
