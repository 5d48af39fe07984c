import { useMutation } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { Button, Field, Input, Textarea } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Panel } from '../../components/Panel';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import { serverFieldErrors, type InlineInputErrorsContext } from '../../shared/error-policy';
import { toast } from '../../shared/notify';
import {
  checkVarietyRequest,
  formFieldOf,
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

const FIELDS: readonly {
  field: VarietyRequestField;
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
  const [values, setValues] = useState<VarietyRequestValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<VarietyRequestField, string>>>({});
  const [create, { loading }] = useMutation(CreateVarietyRequestMutation, { refetchQueries: ['VarietyRequests'] });

  const set = (field: VarietyRequestField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkVarietyRequest(values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    try {
      const context: InlineInputErrorsContext = { inlineInputErrors: true };
      const result = await create({ variables: { input: checked.submission }, context });
      const created = result.data?.createVarietyRequest.varietyRequest;
      if (created) {
        toast('求购信息已提交，平台处理后会通知您', 'success');
        void navigate(varietyRequestPath(created.id));
      }
    } catch (failure) {
      const fields = CombinedGraphQLErrors.is(failure) ? serverFieldErrors(failure.errors) : null;
      // Other failures (the system busy, signed out) were already shown by the error link.
      if (!fields) return;
      const found: Partial<Record<VarietyRequestField, string>> = {};
      for (const [name, message] of Object.entries(fields)) {
        const field = formFieldOf(name);
        if (field) found[field] = message;
      }
      setErrors(found);
    }
  };

  return (
    <>
      <div className={shared.head}>
        <SectionHeading>发布求购</SectionHeading>
        <Link to="/pzqg">返回求购记录</Link>
      </div>
      <Panel label="求购信息" last>
        <p className={shared.intro}>请尽量填写完整的品名、规格和生产厂家，便于平台准确采购。</p>
        <form className={shared.form} onSubmit={(event) => void submit(event)} noValidate aria-label="发布求购">
          {FIELDS.map((f) => (
            <Field
              key={f.field}
              label={f.label}
              required={f.required}
              hint={f.hint}
              validationState={errors[f.field] ? 'error' : 'none'}
              validationMessage={errors[f.field]}
            >
              <Input
                value={values[f.field]}
                inputMode={f.inputMode}
                placeholder={f.placeholder}
                onChange={(_event, data) => set(f.field, data.value)}
              />
            </Field>
          ))}
          <Field
            className={shared.wide}
            label="备注"
            hint="最多200个字，如用途、期望到货时间"
            validationState={errors.remark ? 'error' : 'none'}
            validationMessage={errors.remark}
          >
            <Textarea value={values.remark} resize="vertical" onChange={(_event, data) => set('remark', data.value)} />
          </Field>
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
