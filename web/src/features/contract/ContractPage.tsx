import { useMutation, useQuery } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import {
  Button,
  Checkbox,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { RichText } from '../../components/RichText';
import { graphql } from '../../gql';
import type { ContractPage_ContractFragment as Contract } from '../../gql/graphql';
import { serverFieldErrors } from '../../shared/error-policy';
import { FormField, useRulesForm } from '../../shared/form/FormField';
import { INLINE_INPUT_ERRORS, setServerErrors } from '../../shared/form/server-errors';
import { notify } from '../../shared/notify';
import { loginPath, safeRedirect } from '../../shared/redirect';
import { formatDateTime } from '../../shared/time';
import { SERVER_RENAMES, SIGN_FIELDS, SIGN_RULES, type SignValues } from './contract-rules';
import { useFreshFetchPolicy } from '../../shared/fresh';

// The contract as this page shows it, read by the page and answered again by signing, so the cache entry updates.
export const ContractPageFragment = graphql(`
  fragment ContractPage_contract on Contract {
    id
    version
    title
    html
    buyerCompany
    platform
    date
    signed
    signedAt
    signerName
  }
`);

export const ContractPageQuery = graphql(`
  query ContractPage {
    me {
      id
      name
      company
    }
    contract {
      ...ContractPage_contract
    }
  }
`);

export const SignContractMutation = graphql(`
  mutation SignContract($version: Int!, $signerName: String!, $agree: Boolean!) {
    signContract(version: $version, signerName: $signerName, agree: $agree) {
      message
      contract {
        ...ContractPage_contract
      }
    }
  }
`);

const useStyles = makeStyles({
  page: {
    display: 'grid',
    // One column no wider than the screen: a long line inside must wrap, not widen the page.
    gridTemplateColumns: 'minmax(0, 1fr)',
    gap: tokens.spacingVerticalL,
    padding: '32px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    '@media (max-width: 600px)': { padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalM}` },
    '@media print': { padding: 0 },
  },
  head: { display: 'grid', gap: tokens.spacingVerticalS, textAlign: 'center' },
  heading: { margin: 0, fontSize: tokens.fontSizeBase600, lineHeight: tokens.lineHeightBase600 },
  parties: {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'center',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalXL}`,
    margin: 0,
    color: tokens.colorNeutralForeground2,
  },
  text: {
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXL}`,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    '@media (max-width: 600px)': { padding: tokens.spacingHorizontalM },
    '@media print': { border: 'none', padding: 0 },
  },
  form: {
    display: 'grid',
    gap: tokens.spacingVerticalM,
    maxWidth: '480px',
    '@media print': { display: 'none' },
  },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    '@media print': { display: 'none' },
  },
  noPrint: { '@media print': { display: 'none' } },
  link: { color: tokens.colorBrandForeground1 },
});

/**
 * /dzht, where CONTRACT_REQUIRED (459) sends the buyer (ERR-04): the purchase contract in force, in full and printable,
 * filled for the buyer's company; the signing form (CONTRACT-03); once signed, who signed it and when, and the way
 * back to the page the buyer came from (CONTRACT-05).
 */
export default function ContractPage() {
  const styles = useStyles();
  const location = useLocation();
  const [params] = useSearchParams();
  const fresh = useFreshFetchPolicy();
  const { data, loading, refetch } = useQuery(ContractPageQuery, { errorPolicy: 'all', ...fresh });
  const from = params.get('from');
  const back = from ? safeRedirect(from) : '/cart';

  if (loading && !data) return <Spinner label="正在加载电子合同…" />;
  if (data && !data.me) {
    return (
      <section className={styles.page} aria-labelledby="contract-title">
        <h1 id="contract-title" className={styles.heading}>
          电子合同
        </h1>
        <EmptyState title="请先登录，再查看并签署贵单位的电子采购合同">
          <Link className={styles.link} to={loginPath(location)}>
            登录
          </Link>
        </EmptyState>
      </section>
    );
  }
  const contract = data?.contract;
  if (!contract) {
    return (
      <section className={styles.page} aria-labelledby="contract-title">
        <h1 id="contract-title" className={styles.heading}>
          电子合同
        </h1>
        <EmptyState title="平台暂未发布电子合同，无需签署">
          <Link className={styles.link} to={back}>
            返回购物车
          </Link>
        </EmptyState>
      </section>
    );
  }
  return (
    <section className={styles.page} aria-labelledby="contract-title">
      <header className={styles.head}>
        <h1 id="contract-title" className={styles.heading}>
          {contract.title}
        </h1>
        <p className={styles.parties}>
          <span>甲方（采购方）：{contract.buyerCompany}</span>
          <span>乙方（供货方）：{contract.platform}</span>
          <span>第{contract.version}版</span>
        </p>
      </header>
      {contract.signed ? (
        <SignedNotice contract={contract} back={back} cameBack={from !== null} />
      ) : (
        <MessageBar intent="warning" layout="multiline" className={styles.noPrint}>
          <MessageBarBody>
            {contract.buyerCompany}尚未签署本合同。签署后即可下单、付款；请阅读合同全文，并在页面底部签署。
          </MessageBarBody>
        </MessageBar>
      )}
      <article className={styles.text} aria-label="合同全文">
        <RichText html={contract.html} />
      </article>
      {contract.signed ? null : (
        <SignForm contract={contract} defaultName={data.me?.name ?? ''} onOutdated={() => void refetch()} />
      )}
      <div className={styles.actions}>
        <Button appearance="secondary" onClick={() => window.print()}>
          打印合同
        </Button>
      </div>
    </section>
  );
}

function SignedNotice({ contract, back, cameBack }: { contract: Contract; back: string; cameBack: boolean }) {
  const styles = useStyles();
  const navigate = useNavigate();
  return (
    <>
      <MessageBar intent="success" layout="multiline">
        <MessageBarBody>
          {contract.buyerCompany}已于{contract.signedAt ? formatDateTime(contract.signedAt) : contract.date}
          签署本合同，签署人：{contract.signerName ?? '—'}。
        </MessageBarBody>
      </MessageBar>
      <div className={styles.actions}>
        <Button appearance="primary" onClick={() => void navigate(back)}>
          {cameBack && back !== '/cart' ? '返回继续下单' : '返回购物车'}
        </Button>
      </div>
    </>
  );
}

function SignForm({
  contract,
  defaultName,
  onOutdated,
}: {
  contract: Contract;
  defaultName: string;
  onOutdated: () => void;
}) {
  const styles = useStyles();
  const form = useRulesForm<SignValues>(SIGN_RULES, { signerName: defaultName, agree: false });
  const [confirming, setConfirming] = useState(false);
  const [sign, { loading }] = useMutation(SignContractMutation);

  const confirm = async () => {
    setConfirming(false);
    const { signerName, agree } = form.getValues();
    try {
      const result = await sign({
        variables: { version: contract.version, signerName: signerName.trim(), agree },
        context: INLINE_INPUT_ERRORS,
      });
      const message = result.data?.signContract.message;
      if (message) notify({ kind: 'toast', intent: 'success', text: message });
    } catch (error) {
      // A newer version came into force while the buyer read: show it, to be read and signed instead.
      const outdated = CombinedGraphQLErrors.is(error) ? serverFieldErrors(error.errors)?.['version'] : undefined;
      if (outdated) {
        notify({ kind: 'dialog', title: '温馨提示', text: outdated });
        onOutdated();
        return;
      }
      setServerErrors(error, form.setError, SIGN_FIELDS, { rename: SERVER_RENAMES });
    }
  };

  return (
    <form
      method="post"
      className={styles.form}
      onSubmit={(event) => void form.handleSubmit(() => setConfirming(true))(event)}
      aria-label="签署合同"
      noValidate
    >
      <FormField
        form={form}
        name="signerName"
        label="签署人姓名"
        required
        hint="请填写代表贵单位签署本合同的经办人姓名"
      >
        {(input) => <Input {...input} autoComplete="name" maxLength={30} />}
      </FormField>
      <Controller
        control={form.control}
        name="agree"
        render={({ field, fieldState }) => (
          <Field validationState={fieldState.error ? 'error' : 'none'} validationMessage={fieldState.error?.message}>
            <Checkbox
              checked={field.value}
              onChange={(_e, d) => field.onChange(d.checked === true)}
              label={`我已阅读并同意《${contract.title}》的全部条款`}
            />
          </Field>
        )}
      />
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={loading}>
          {loading ? '正在签署…' : '签署合同'}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="确认签署"
        confirmLabel="确认签署"
        cancelLabel="再看看"
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(false)}
      >
        确认以{contract.buyerCompany}的名义签署《{contract.title}》（第{contract.version}版）？签署人：
        {form.getValues('signerName').trim()}。在线签署与书面签字盖章具有同等法律效力。
      </ConfirmDialog>
    </form>
  );
}
