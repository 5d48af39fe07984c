import { useMutation } from '@apollo/client/react';
import { Button, Input, Textarea } from '@fluentui/react-components';
import { Link, useNavigate } from 'react-router';
import { Panel } from '../../components/Panel';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import { FormField, useRulesForm } from '../../shared/form/FormField';
import { INLINE_INPUT_ERRORS, setServerErrors } from '../../shared/form/server-errors';
import { toast } from '../../shared/notify';
import {
  checkVarietyRequest,
  VARIETY_RENAME,
  VARIETY_RULES,
  varietyRequestPath,
  type VarietyRequestField,
  type VarietyRequestValues,
} from './request-rules';
import { useRequestStyles } from './request-styles';

export const CreateVarietyRequestMutation = graphql(`
  mutation CreateVarietyRequest($input: VarietyRequestInput!) {
    createVarietyRequest(input: $input) {
      varietyRequest {
        id
        status
      }
    }
  }
`);

const EMPTY: VarietyRequestValues = {
  name: '',
  spec: '',
  manufacturer: '',
  approvalNumber: '',
  quantity: '',
  expectedPrice: '',
  remark: '',
};

const FORM_FIELDS: readonly VarietyRequestField[] = [
  'name',
  'spec',
  'manufacturer',
  'approvalNumber',
  'quantity',
  'expectedPrice',
  'remark',
];

const FIELDS: readonly {
  field: Exclude<VarietyRequestField, 'remark'>;
  label: string;
  required?: boolean;
  placeholder?: string;
  hint?: string;
  inputMode?: 'numeric' | 'decimal';
}[] = [
  { field: 'name', label: '品种名称', required: true, placeholder: '如：注射用头孢曲松钠' },
  { field: 'spec', label: '规格', required: true, placeholder: '如：1g*10瓶' },
  { field: 'manufacturer', label: '生产厂家', required: true, placeholder: '如：上海罗氏制药有限公司' },
  { field: 'approvalNumber', label: '批准文号', placeholder: '如：国药准字H10983036（选填）' },
  { field: 'quantity', label: '求购数量', required: true, inputMode: 'numeric', placeholder: '如：200' },
  {
    field: 'expectedPrice',
    label: '期望单价（元）',
    inputMode: 'decimal',
    placeholder: '选填，如：28.50',
    hint: '最多两位小数',
  },
];

/**
 * /pzqg/add (zzfw_ppzq_add): asks the platform to stock a variety (REQ-01). Each error shows beside its field, and
 * what the buyer typed stays in the form whatever the answer (REQ-07).
 */
export default function VarietyRequestFormPage() {
  const shared = useRequestStyles();
  const navigate = useNavigate();
  const form = useRulesForm(VARIETY_RULES, EMPTY);
  const [create, { loading }] = useMutation(CreateVarietyRequestMutation, { refetchQueries: ['VarietyRequests'] });

  const send = form.handleSubmit(async (values) => {
    const checked = checkVarietyRequest(values);
    if (!('submission' in checked)) return;
    try {
      const result = await create({ variables: { input: checked.submission }, context: INLINE_INPUT_ERRORS });
      const created = result.data?.createVarietyRequest.varietyRequest;
      if (created) {
        toast('求购信息已提交，平台处理后会通知您', 'success');
        void navigate(varietyRequestPath(created.id));
      }
    } catch (failure) {
      // Other failures (the system busy, signed out) were already shown by the error link.
      setServerErrors(failure, form.setError, FORM_FIELDS, { rename: VARIETY_RENAME });
    }
  });

  return (
    <>
      <div className={shared.head}>
        <SectionHeading>发布求购</SectionHeading>
        <Link to="/pzqg">返回求购记录</Link>
      </div>
      <Panel label="求购信息" last>
        <p className={shared.intro}>请尽量填写完整的品名、规格和生产厂家，便于平台准确采购。</p>
        <form
          method="post"
          className={shared.form}
          onSubmit={(event) => void send(event)}
          noValidate
          aria-label="发布求购"
        >
          {FIELDS.map((f) => (
            <FormField key={f.field} form={form} name={f.field} label={f.label} required={f.required} hint={f.hint}>
              {(input) => <Input {...input} inputMode={f.inputMode} placeholder={f.placeholder} />}
            </FormField>
          ))}
          <FormField
            form={form}
            name="remark"
            label="备注"
            hint="最多200个字，如用途、期望到货时间"
            className={shared.wide}
          >
            {(input) => <Textarea {...input} resize="vertical" />}
          </FormField>
          <div className={shared.actions}>
            <Button type="submit" appearance="primary" disabled={loading}>
              {loading ? '正在提交…' : '提交求购'}
            </Button>
          </div>
        </form>
      </Panel>
    </>
  );
}
