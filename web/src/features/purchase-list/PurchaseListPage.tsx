import { useMutation } from '@apollo/client/react';
import { Button, Field, makeStyles, Spinner, Tab, TabList, Textarea, tokens } from '@fluentui/react-components';
import { useRef, useState, type ChangeEvent } from 'react';
import { useLocation } from 'react-router';
import { Navigate } from '../../shared/navigate';
import { SectionHeading } from '../../components/SectionHeading';
import type { ImportPurchaseListMutation as ImportAnswer, PurchaseListColumnInput } from '../../gql/graphql';
import type { InlineInputErrorsContext } from '../../shared/error-policy';
import { FormField, useRulesForm } from '../../shared/form/FormField';
import { required, type FieldRules } from '../../shared/form/rules';
import { setServerErrors } from '../../shared/form/server-errors';
import { toast } from '../../shared/notify';
import { loginPath } from '../../shared/redirect';
import { uploadLink, type UploadContext } from '../../shared/upload-link';
import { useViewer } from '../../shared/viewer';
import { ImportPurchaseListMutation, MatchPurchaseListMutation } from './operations';
import { ReviewRowCard } from './ReviewRowCard';
import { ColumnMapping } from './ColumnMapping';
import { ImportOutcome } from './ImportOutcome';
import type { MappedColumn } from './mapping';
import { checkListFile, linesOf, pendingOf, reviewOf, rowsAdded, TEXT_AS_FILE_BYTES, type ReviewRow } from './review';

const useStyles = makeStyles({
  page: { display: 'grid', gap: tokens.spacingVerticalL, minWidth: 0 },
  intro: { margin: 0, color: tokens.colorNeutralForeground2, lineHeight: tokens.lineHeightBase300 },
  panel: {
    display: 'grid',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    minWidth: 0,
  },
  textarea: { width: '100%' },
  paste: { display: 'grid', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  fileInput: { maxWidth: '100%', fontSize: tokens.fontSizeBase200 },
  summary: { margin: 0, fontWeight: tokens.fontWeightSemibold },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalS },
  bar: {
    position: 'sticky',
    bottom: 0,
    zIndex: 1,
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    boxShadow: tokens.shadow8,
    borderRadius: tokens.borderRadiusMedium,
  },
  pending: { color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  confirm: { marginLeft: 'auto' },
});

const EXAMPLE = '名称\t规格\t生产厂家\t批准文号\t数量\n感冒灵颗粒\t10g*9袋\t华润三九医药股份有限公司\t\t10';

type Mode = 'paste' | 'file';

/** The list pasted, and the file field's message (the file itself is sent as soon as it is chosen). */
interface ListForm {
  text: string;
  file: string;
}

const LIST_RULES: FieldRules<ListForm> = { text: required('请粘贴采购单内容') };
type Outcome = ImportAnswer['importPurchaseList'];

/** /cgqd: a purchase list, pasted or uploaded, matched, reviewed and put in the cart (IMPORT-01..IMPORT-06). */
export default function PurchaseListPage() {
  const styles = useStyles();
  const location = useLocation();
  const viewer = useViewer();
  const fileInput = useRef<HTMLInputElement>(null);
  const [mode, setMode] = useState<Mode>('paste');
  const form = useRulesForm<ListForm>(LIST_RULES, { text: '', file: '' });
  const [review, setReview] = useState<ReviewRow[] | null>(null);
  const [counts, setCounts] = useState<{ exact: number; ambiguous: number; none: number } | null>(null);
  // IMPORT-17: the list last sent and how its columns were read, so the buyer can correct the reading and resend.
  const [sent, setSent] = useState<{ input: { text: string } | { file: File }; field: 'text' | 'file' } | null>(null);
  const [columns, setColumns] = useState<{ list: MappedColumn[]; headerLine: number | null; key: number } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [match, { loading: matching }] = useMutation(MatchPurchaseListMutation);
  const [importLines, { loading: importing }] = useMutation(ImportPurchaseListMutation);

  if (viewer.known && !viewer.signedIn) return <Navigate to={loginPath(location)} replace />;

  const send = async (
    input: { text: string } | { file: File },
    field: 'text' | 'file',
    mapping?: PurchaseListColumnInput[],
  ) => {
    form.clearErrors();
    setOutcome(null);
    try {
      // Uploads (and long pasted lists, as a text file) go through the multipart link (FILE-03).
      const long = 'text' in input && new Blob([input.text]).size > TEXT_AS_FILE_BYTES;
      const file =
        'file' in input ? input.file : long ? new File([input.text], '采购单.txt', { type: 'text/plain' }) : null;
      const context: InlineInputErrorsContext & Partial<UploadContext> = {
        inlineInputErrors: true,
        ...(file ? { transport: uploadLink } : {}),
      };
      const result = await match({
        variables: {
          ...(file ? { file } : { text: 'text' in input ? input.text : '' }),
          ...(mapping ? { columns: mapping } : {}),
        },
        context,
      });
      const answer = result.data?.matchPurchaseList;
      if (!answer) return;
      setReview(reviewOf(answer.rows));
      setSent({ input, field });
      setColumns({ list: answer.columns, headerLine: answer.headerLine ?? null, key: (columns?.key ?? 0) + 1 });
      setCounts({ exact: answer.exact, ambiguous: answer.ambiguous, none: answer.none });
    } catch (failure) {
      // The upstream names the list `text` or `file` (a long paste travels as a file): either is the field the buyer
      // used. Other failures (the system busy, signed out) were shown by the error link.
      setServerErrors(failure, form.setError, [field], { rename: { text: field, file: field }, fallback: field });
    }
  };

  const submitText = form.handleSubmit(({ text }) => send({ text }, 'text'));

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const refusal = checkListFile(file);
    if (refusal) {
      form.setError('file', { type: 'rule', message: refusal });
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    void send({ file }, 'file');
  };

  const update = (next: ReviewRow) =>
    setReview((rows) => rows?.map((row) => (row.line === next.line ? next : row)) ?? null);

  const confirm = async () => {
    if (!review) return;
    const sent = review.flatMap((row) => linesOf([row]).map((line) => ({ ...line, row: row.line })));
    if (sent.length === 0) return;
    try {
      const result = await importLines({
        variables: { lines: sent.map(({ goodsId, number }) => ({ goodsId, number })) },
      });
      const answer = result.data?.importPurchaseList;
      if (!answer) return;
      setOutcome(answer);
      // Added rows leave the review; refused ones stay for the buyer to change or drop.
      const added = rowsAdded(sent, answer);
      setReview((rows) => rows?.filter((row) => !added.has(row.line)) ?? null);
      toast(answer.message, answer.refused.length === 0 ? 'success' : 'warning', {
        label: '去购物车',
        to: '/cart',
      });
    } catch {
      // The error link has shown what went wrong; the review stays as it was.
    }
  };

  const pending = review ? pendingOf(review) : null;
  const fileError = form.formState.errors.file?.message;

  return (
    <div className={styles.page}>
      <div>
        <SectionHeading>采购单导入</SectionHeading>
        <p className={styles.intro}>
          把表格里的采购单复制粘贴到下面，或上传 Excel（.xlsx）、CSV 文件，或像微信里那样一行一个商品（如“板蓝根颗粒
          10盒”）。系统按批准文号、商品名称或拼音首字母找到商品，
          再按生产厂家（可写简称，如“石药欧意”）和规格排出最合适的，确认后一次加入购物车。
          表头可在前十行内（标题行会跳过），可识别品名/通用名、规格、生产厂家/产地、批准文号、数量/订货量、单位、单价；
          没有表头时按名称、规格、生产厂家、批准文号、数量的顺序读取，一次最多 500 行。
        </p>
      </div>

      <section className={styles.panel} aria-label="导入采购单">
        <TabList selectedValue={mode} onTabSelect={(_event, data) => setMode(data.value === 'file' ? 'file' : 'paste')}>
          <Tab value="paste">粘贴表格</Tab>
          <Tab value="file">上传文件</Tab>
        </TabList>
        {mode === 'paste' ? (
          <form
            method="post"
            className={styles.paste}
            onSubmit={(event) => void submitText(event)}
            aria-label="粘贴采购单"
            noValidate
          >
            <FormField form={form} name="text" label="采购单内容（从 Excel 或 WPS 表格中复制）">
              {(input) => (
                <Textarea {...input} className={styles.textarea} resize="vertical" rows={8} placeholder={EXAMPLE} />
              )}
            </FormField>
            <div className={styles.actions}>
              <Button type="submit" appearance="primary" disabled={matching}>
                {matching ? <Spinner size="tiny" label="正在识别…" /> : '识别商品'}
              </Button>
            </div>
          </form>
        ) : (
          <Field
            label="采购单文件（.xlsx 或 .csv，不超过 5MB）"
            hint="读取第一个工作表；WPS 或 Excel 另存的 CSV 均可"
            validationState={fileError ? 'error' : 'none'}
            validationMessage={fileError}
          >
            {(fieldProps) => (
              <div className={styles.actions}>
                <input
                  {...fieldProps}
                  ref={fileInput}
                  className={styles.fileInput}
                  type="file"
                  accept=".xlsx,.csv,.txt,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  disabled={matching}
                  onChange={chooseFile}
                />
                <span role="status">{matching ? <Spinner size="tiny" label="正在识别…" /> : null}</span>
              </div>
            )}
          </Field>
        )}
      </section>

      {outcome ? <ImportOutcome outcome={outcome} /> : null}

      {sent && columns && columns.list.length > 0 ? (
        <section className={styles.panel} aria-label="列的识别">
          <ColumnMapping
            key={columns.key}
            columns={columns.list}
            headerLine={columns.headerLine}
            busy={matching}
            onApply={(mapping) => void send(sent.input, sent.field, mapping)}
          />
        </section>
      ) : null}

      {review && counts ? (
        <section className={styles.panel} aria-labelledby="purchase-list-review">
          <SectionHeading as="h2" id="purchase-list-review">
            核对商品
          </SectionHeading>
          <p className={styles.summary} role="status">
            共识别 {counts.exact + counts.ambiguous + counts.none} 行：已匹配 {counts.exact} 行，待选择{' '}
            {counts.ambiguous} 行，未找到 {counts.none} 行
          </p>
          {review.length === 0 ? (
            <p className={styles.intro}>这份采购单的商品都已处理完毕。</p>
          ) : (
            <ul className={styles.list}>
              {review.map((row) => (
                <ReviewRowCard key={row.line} row={row} onChange={update} />
              ))}
            </ul>
          )}
          {pending && review.length > 0 ? (
            <div className={styles.bar}>
              <span className={styles.pending}>
                已选 {pending.ready} 种{pending.unchosen > 0 ? `，${pending.unchosen} 行待选择商品` : ''}
                {pending.badQuantity > 0 ? `，${pending.badQuantity} 行数量有误` : ''}
              </span>
              <Button
                className={styles.confirm}
                appearance="primary"
                disabled={importing || pending.ready === 0}
                onClick={() => void confirm()}
              >
                {importing ? <Spinner size="tiny" label="正在加入…" /> : `加入购物车（${pending.ready}种）`}
              </Button>
            </div>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
