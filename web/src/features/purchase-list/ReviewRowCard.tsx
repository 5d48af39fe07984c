import { useLazyQuery } from '@apollo/client/react';
import {
  Badge,
  Button,
  Field,
  Input,
  makeStyles,
  mergeClasses,
  Radio,
  RadioGroup,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { useId, useState } from 'react';
import { GoodsAvailability } from '../../components/GoodsAvailability';
import { Price } from '../../components/Price';
import { PurchaseListSearchQuery } from './operations';
import { chosenOf, quantityOf, QUANTITY_TEXT, type Candidate, type ReviewRow } from './review';

const useStyles = makeStyles({
  card: {
    display: 'grid',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    minWidth: 0,
  },
  dropped: { backgroundColor: tokens.colorNeutralBackground3, color: tokens.colorNeutralForeground3 },
  head: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
  },
  line: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap' },
  source: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere', minWidth: 0 },
  sourceMeta: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  rowError: { margin: 0, color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
  note: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  candidate: { alignItems: 'flex-start' },
  candidateText: { display: 'grid', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  candidateName: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  candidateMeta: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: `0 ${tokens.spacingHorizontalM}`,
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground2,
  },
  wrap: { overflowWrap: 'anywhere' },
  controls: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalM,
  },
  quantity: { width: '120px' },
  search: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
  searchInput: { flexGrow: 1, minWidth: '160px' },
  warn: { color: tokens.colorPaletteDarkOrangeForeground1, fontSize: tokens.fontSizeBase200 },
  end: { marginLeft: 'auto' },
});

const STATUS: Record<ReviewRow['row']['status'], { text: string; color: 'success' | 'warning' | 'danger' }> = {
  EXACT: { text: '已匹配', color: 'success' },
  AMBIGUOUS: { text: '请选择商品', color: 'warning' },
  NONE: { text: '未找到商品', color: 'danger' },
};

function CandidateLabel({ goods }: { goods: Candidate }) {
  const styles = useStyles();
  return (
    <span className={styles.candidateText}>
      <span className={styles.candidateName}>{goods.name}</span>
      <span className={styles.candidateMeta}>
        {goods.spec ? <span className={styles.wrap}>规格：{goods.spec}</span> : null}
        <span className={styles.wrap}>厂家：{goods.manufacturer}</span>
        <span>
          <Price money={goods.price} unit={goods.packingUnit} />
        </span>
        <GoodsAvailability goods={goods} wording="short" stock="label" />
      </span>
    </span>
  );
}

/** IMPORT-05: searching by hand for a row nothing matched; what is found becomes the row's candidates. */
function ManualSearch({ row, onFound }: { row: ReviewRow; onFound: (found: readonly Candidate[]) => void }) {
  const styles = useStyles();
  const [keyword, setKeyword] = useState(row.row.name || row.row.approvalNumber);
  const [search, { loading, data }] = useLazyQuery(PurchaseListSearchQuery);
  const [searched, setSearched] = useState(false);
  const run = async () => {
    const text = keyword.trim();
    if (text === '') return;
    const answer = await search({ variables: { keyword: text } });
    setSearched(true);
    onFound(answer.data?.goodsList.items ?? []);
  };
  return (
    <div className={styles.search}>
      <Field label={`搜索第${row.line}行的商品`} className={styles.searchInput}>
        <Input
          value={keyword}
          onChange={(_event, value) => setKeyword(value.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void run();
          }}
        />
      </Field>
      <Button onClick={() => void run()} disabled={loading || keyword.trim() === ''}>
        {loading ? <Spinner size="tiny" label="搜索中…" /> : '搜索'}
      </Button>
      {searched && !loading && (data?.goodsList.items.length ?? 0) === 0 ? (
        <p className={styles.note} role="status">
          没有找到“{keyword.trim()}”，可换个名称或拼音首字母再试，或移除这一行
        </p>
      ) : null}
    </div>
  );
}

/** One row of the list under review: what the buyer wrote, its candidates to choose from, the quantity. */
export function ReviewRowCard({ row, onChange }: { row: ReviewRow; onChange: (next: ReviewRow) => void }) {
  const styles = useStyles();
  const headingId = useId();
  const status = STATUS[row.row.status];
  const chosen = chosenOf(row);
  const number = quantityOf(row.quantity);
  const source = [row.row.spec, row.row.manufacturer, row.row.approvalNumber].filter((s) => s !== '').join(' · ');
  const noGoods = row.row.name === '' && row.row.approvalNumber === '';

  return (
    <li className={mergeClasses(styles.card, !row.kept && styles.dropped)} aria-labelledby={headingId}>
      <div className={styles.head}>
        <span className={styles.line}>第{row.line}行</span>
        <span id={headingId} className={styles.source}>
          {row.row.name || row.row.approvalNumber || '（无商品名称）'}
        </span>
        {source ? <span className={styles.sourceMeta}>{source}</span> : null}
        <Badge appearance="tint" color={row.kept ? status.color : 'informative'} className={styles.end}>
          {row.kept ? status.text : '已移除'}
        </Badge>
      </div>

      {row.kept ? (
        <>
          {noGoods ? <p className={styles.rowError}>{row.row.error}</p> : null}
          {row.candidates.length > 0 ? (
            <RadioGroup
              aria-label={`第${row.line}行的商品`}
              value={row.chosenId ?? ''}
              onChange={(_event, data) => onChange({ ...row, chosenId: data.value })}
            >
              {row.candidates.map((goods) => (
                <Radio
                  key={goods.id}
                  className={styles.candidate}
                  value={goods.id}
                  label={<CandidateLabel goods={goods} />}
                />
              ))}
            </RadioGroup>
          ) : row.row.status === 'NONE' && !noGoods ? (
            <p className={styles.note}>商品库中没有找到这一行的商品，可以搜索后选择，或移除这一行。</p>
          ) : null}
          {row.row.candidateTotal > row.row.candidates.length && row.candidates === row.row.candidates ? (
            <p className={styles.note}>
              共有{row.row.candidateTotal}个商品符合，这里列出最合适的{row.row.candidates.length}
              个；在表格中补充规格或生产厂家可以更准确。
            </p>
          ) : null}
          {row.row.status !== 'EXACT' ? (
            <ManualSearch
              row={row}
              onFound={(found) => {
                if (found.length > 0)
                  onChange({ ...row, candidates: found, chosenId: found.length === 1 ? (found[0]?.id ?? null) : null });
              }}
            />
          ) : null}
          <div className={styles.controls}>
            <Field
              label="数量"
              className={styles.quantity}
              validationState={number === null ? 'error' : 'none'}
              validationMessage={
                // IMPORT-18: the row's own reason (an error cell, an unsaved formula) until the buyer types one.
                number === null ? (row.quantity === '' && row.row.error ? row.row.error : QUANTITY_TEXT) : undefined
              }
            >
              <Input
                inputMode="numeric"
                value={row.quantity}
                aria-label={`第${row.line}行的数量`}
                onChange={(_event, data) => onChange({ ...row, quantity: data.value })}
              />
            </Field>
            {chosen && number !== null && chosen.isBuyable && number > chosen.stock ? (
              <span className={styles.warn}>
                库存仅{chosen.stock}
                {chosen.packingUnit ?? ''}，加入时会被拒绝
              </span>
            ) : null}
            <Button className={styles.end} appearance="subtle" onClick={() => onChange({ ...row, kept: false })}>
              移除第{row.line}行
            </Button>
          </div>
        </>
      ) : (
        <div className={styles.controls}>
          <Button appearance="subtle" onClick={() => onChange({ ...row, kept: true })}>
            恢复第{row.line}行
          </Button>
        </div>
      )}
    </li>
  );
}
