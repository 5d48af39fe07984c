import { useMutation } from '@apollo/client/react';
import { Button, makeStyles, Radio, RadioGroup, SpinButton, Textarea, tokens } from '@fluentui/react-components';
import { useNavigate } from 'react-router';
import { graphql } from '../../gql';
import type { OrderAfterSaleQuery as AfterSaleData } from '../../gql/graphql';
import { returnPath } from '../../shared/after-sale-paths';
import { FormField, useRulesForm } from '../../shared/form/FormField';
import { INLINE_INPUT_ERRORS, setServerErrors } from '../../shared/form/server-errors';
import { fenToAmount, formatPrice } from '../../shared/money';
import { alertDialog, toast } from '../../shared/notify';
import { PictureUpload, useAttachedPictures } from '../../shared/UploadedPictures';
import { returnRules, type ReturnValues } from './return-rules';
import { MAX_PHOTOS } from './return-status';

/** The form's fields the upstream may refuse by name (a refusal of the photos shows under them). */
const FIELDS: readonly (keyof ReturnValues)[] = ['number', 'reason', 'description'];

export const RequestReturnMutation = graphql(`
  mutation RequestReturn($input: RequestReturnInput!) {
    requestReturn(input: $input) {
      returnRequest {
        id
        status
      }
      userErrors {
        code
        message
      }
    }
  }
`);

const useStyles = makeStyles({
  meta: { margin: 0, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  form: { display: 'grid', gap: tokens.spacingVerticalM, maxWidth: '640px' },
  submit: { justifySelf: 'start' },
});

/** One line of an order as the after-sales page lists it. */
export type AfterSaleLine = NonNullable<AfterSaleData['orderAfterSale']>['lines'][number];

/** The return form for one line (AFTER-04): quantity, reason, description and photos. */
export function ReturnForm({
  orderId,
  line,
  reasons,
}: {
  orderId: string;
  line: AfterSaleLine;
  reasons: readonly string[];
}) {
  const styles = useStyles();
  const navigate = useNavigate();
  const unit = line.packingUnit ?? '件';
  const form = useRulesForm(returnRules(line.returnable, unit), {
    number: String(line.returnable),
    reason: '',
    description: '',
  });
  const photos = useAttachedPictures('photoIds');
  const [request, { loading }] = useMutation(RequestReturnMutation, {
    refetchQueries: ['OrderAfterSale', 'OrderList', 'OrderCounts'],
  });
  const number = Number(form.watch('number'));
  const refund = line.unitRefund.fen * (Number.isInteger(number) ? number : 0);

  const send = form.handleSubmit(async (values) => {
    photos.showRefusal(null);
    try {
      const result = await request({
        variables: {
          input: {
            orderId,
            lineId: line.id,
            number: Number(values.number),
            reason: values.reason,
            description: values.description.trim() || null,
            photoIds: photos.ids,
          },
        },
        context: INLINE_INPUT_ERRORS,
      });
      const answer = result.data?.requestReturn;
      if (answer?.userErrors[0]) {
        alertDialog(answer.userErrors[0].message);
        return;
      }
      if (answer?.returnRequest) {
        toast('售后申请已提交，请等待审核', 'success');
        void navigate(returnPath(answer.returnRequest.id));
      }
    } catch (failure) {
      // Other failures (the system busy, signed out) were already shown by the error link.
      photos.showRefusal(failure);
      setServerErrors(failure, form.setError, FIELDS);
    }
  });

  return (
    <form
      method="post"
      className={styles.form}
      aria-label={`申请退货：${line.name}`}
      onSubmit={(event) => void send(event)}
      noValidate
    >
      <p className={styles.meta}>
        {line.name} · 已购 {line.number}
        {unit} · 可申请 {line.returnable}
        {unit}
      </p>
      <FormField
        form={form}
        name="number"
        label={`退货数量（${unit}）`}
        required
        hint={`预计退款 ${formatPrice({ amount: fenToAmount(refund) })}，退回账户余额`}
      >
        {({ value, onChange, onBlur, ref, name }) => (
          <SpinButton
            name={name}
            ref={ref}
            value={Number(value)}
            min={1}
            max={line.returnable}
            onBlur={onBlur}
            onChange={(event, data) => {
              const next = data.value ?? Number(data.displayValue);
              if (Number.isFinite(next)) onChange(event, { value: String(Math.trunc(next)) });
            }}
          />
        )}
      </FormField>
      <FormField form={form} name="reason" label="退货原因" required>
        {({ value, onChange, ref }) => (
          <RadioGroup layout="horizontal" value={value} onChange={onChange} ref={ref}>
            {reasons.map((r) => (
              <Radio key={r} value={r} label={r} />
            ))}
          </RadioGroup>
        )}
      </FormField>
      <FormField form={form} name="description" label="问题描述" hint="最多200个字；选择“其他”时必填">
        {(input) => <Textarea {...input} maxLength={200} resize="vertical" />}
      </FormField>
      <PictureUpload
        label={`上传凭证照片（选填，最多${MAX_PHOTOS}张）`}
        hint="商品破损、批号、效期等照片，JPG、PNG或PDF，不超过5MB"
        purpose="RETURN"
        max={MAX_PHOTOS}
        noun="照片"
        {...photos.bind}
      />
      <Button className={styles.submit} type="submit" appearance="primary" disabled={loading}>
        {loading ? '正在提交…' : '提交申请'}
      </Button>
    </form>
  );
}
