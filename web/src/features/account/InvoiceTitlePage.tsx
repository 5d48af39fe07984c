import { useMutation, useQuery } from '@apollo/client/react';
import { Input, makeStyles, MessageBar, MessageBarBody, tokens } from '@fluentui/react-components';
import { EmptyState } from '../../components/EmptyState';
import { Panel } from '../../components/Panel';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import type { InvoiceTitlePageQuery as InvoiceTitleAnswer } from '../../gql/graphql';
import { GridForm } from '../../shared/form/GridForm';
import { FormField, useRulesForm } from '../../shared/form/FormField';
import { INLINE_INPUT_ERRORS, setServerErrors } from '../../shared/form/server-errors';
import { notify } from '../../shared/notify';
import { TITLE_FIELDS, TITLE_LABELS, TITLE_RULES, titleInput, type InvoiceTitleForm } from './invoice-title-rules';

/** What the page shows of the title and what saving it answers: one field list for both. */
export const InvoiceTitleFields = graphql(`
  fragment InvoiceTitleFields on InvoiceTitle {
    saved
    name
    taxId
    address
    phone
    bank
    bankAccount
    updatedAt
    missingForVatSpecial
  }
`);

export const InvoiceTitlePageQuery = graphql(`
  query InvoiceTitlePage {
    me {
      id
      company
      invoiceTitle {
        ...InvoiceTitleFields
      }
    }
  }
`);

export const SaveInvoiceTitleMutation = graphql(`
  mutation SaveInvoiceTitle($input: InvoiceTitleInput!) {
    saveInvoiceTitle(input: $input) {
      ...InvoiceTitleFields
    }
  }
`);

const useStyles = makeStyles({
  intro: { margin: `0 0 ${tokens.spacingVerticalM}`, color: tokens.colorNeutralForeground2 },
  bar: { marginBottom: tokens.spacingVerticalM },
});

type Title = NonNullable<InvoiceTitleAnswer['me']>['invoiceTitle'];

const HINTS: Partial<Record<keyof InvoiceTitleForm, string>> = {
  taxId: '18位统一社会信用代码，见营业执照',
  phone: '固定电话（如 0571-88886666）或手机号',
  bankAccount: '8-30位数字',
};

/** INVOICE-10: the title's six fields, checked as the upstream checks them; its 422 lands on the same fields. */
function TitleForm({ title }: { title: Title }) {
  const form = useRulesForm<InvoiceTitleForm>(TITLE_RULES, {
    name: title.name,
    taxId: title.taxId,
    address: title.address,
    phone: title.phone,
    bank: title.bank,
    bankAccount: title.bankAccount,
  });
  const [save, { loading }] = useMutation(SaveInvoiceTitleMutation, {
    // The page's query reads the saved title again, so the missing list above the form follows.
    refetchQueries: [InvoiceTitlePageQuery],
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await save({ variables: { input: titleInput(values) }, context: INLINE_INPUT_ERRORS });
    } catch (error) {
      setServerErrors(error, form.setError, TITLE_FIELDS);
      return;
    }
    notify({ kind: 'toast', intent: 'success', text: '发票抬头已保存' });
  });
  return (
    <GridForm label="发票抬头" onSubmit={submit} loading={loading}>
      {TITLE_FIELDS.map((name) => (
        <FormField
          key={name}
          form={form}
          name={name}
          label={TITLE_LABELS[name]}
          required={name === 'name' || name === 'taxId'}
          hint={HINTS[name]}
        >
          {(input) => (
            <Input
              {...input}
              type={name === 'phone' ? 'tel' : 'text'}
              inputMode={name === 'bankAccount' ? 'numeric' : undefined}
              autoComplete="off"
            />
          )}
        </FormField>
      ))}
    </GridForm>
  );
}

/** /fptt: the company's invoice title (增值税专用发票资料), one for all its stores (INVOICE-10, INVOICE-11). */
export default function InvoiceTitlePage() {
  const styles = useStyles();
  const { data, loading } = useQuery(InvoiceTitlePageQuery, { fetchPolicy: 'cache-and-network' });
  const title = data?.me?.invoiceTitle;
  if (!title) {
    return <EmptyState title={loading ? '正在加载发票抬头…' : '发票抬头暂时无法加载，请刷新页面'} />;
  }
  const missing = title.missingForVatSpecial;
  return (
    <>
      <SectionHeading>发票抬头</SectionHeading>
      <Panel title="增值税专用发票资料" last>
        <p className={styles.intro}>
          本公司各门店共用一份发票抬头，任一门店账号均可修改。电子普通发票需名称和纳税人识别号；开具增值税专用发票还需注册地址、注册电话、开户银行和银行账号。
        </p>
        {missing.length > 0 ? (
          <MessageBar intent="warning" className={styles.bar}>
            <MessageBarBody>
              {title.saved ? '' : '尚未保存发票抬头。'}开具增值税专用发票尚缺：{missing.join('、')}
            </MessageBarBody>
          </MessageBar>
        ) : null}
        <TitleForm key={`${data?.me?.id ?? ''}-${title.updatedAt ?? 'new'}`} title={title} />
      </Panel>
    </>
  );
}
