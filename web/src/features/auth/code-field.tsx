import { useMutation } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { Input, type InputProps } from '@fluentui/react-components';
import type { FieldValues } from 'react-hook-form';
import { FormField, type FormOf, type TextPath } from '../../shared/form/FormField';
import { useState } from 'react';
import { graphql } from '../../gql';
import type { VerificationPurpose } from '../../gql/graphql';
import { serverFieldErrors, type InlineInputErrorsContext } from '../../shared/error-policy';
import { SendCodeButton } from '../../shared/form/send-code';
import { checkPhone } from './registration';

export const SendVerificationCodeMutation = graphql(`
  mutation SendVerificationCode($phone: String!, $purpose: VerificationPurpose!) {
    sendVerificationCode(phone: $phone, purpose: $purpose) {
      resendIn
      expiresIn
      userErrors {
        code
        field
        message
      }
    }
  }
`);

/** When another code may be asked for (ms since the epoch), kept by the flow so it survives a step back. */
export interface CodeTimer {
  resendAt: number;
  setResendAt: (at: number) => void;
}

/**
 * The code input with its 获取验证码 button. A refusal lands on the field it is about (the number registered or
 * unknown on the phone, anything else on the code); the button counts down from the gateway's resendIn.
 */
export function CodeInput({
  phone,
  purpose,
  timer,
  onErrors,
  onSent,
  ...input
}: {
  phone: string;
  purpose: VerificationPurpose;
  timer: CodeTimer;
  onErrors: (errors: { phone?: string; code?: string }) => void;
  onSent: (message: string) => void;
} & Omit<InputProps, 'contentAfter'>) {
  const [send, { loading }] = useMutation(SendVerificationCodeMutation, {
    context: { inlineInputErrors: true } satisfies InlineInputErrorsContext,
  });

  const onSend = async () => {
    const phoneError = checkPhone(phone);
    if (phoneError) {
      onErrors({ phone: phoneError });
      return;
    }
    onErrors({});
    let answer;
    try {
      answer = (await send({ variables: { phone: phone.trim(), purpose } })).data?.sendVerificationCode;
    } catch (error) {
      const fields = CombinedGraphQLErrors.is(error) ? serverFieldErrors(error.errors) : null;
      if (fields) onErrors({ phone: fields['phone'] ?? Object.values(fields)[0] });
      return;
    }
    if (!answer) return;
    if (answer.resendIn > 0) timer.setResendAt(Date.now() + answer.resendIn * 1000);
    const [refusal] = answer.userErrors;
    if (refusal) {
      onErrors(refusal.field === 'phone' ? { phone: refusal.message } : { code: refusal.message });
      return;
    }
    onSent(`验证码已发送，${Math.round(answer.expiresIn / 60)}分钟内有效`);
  };

  return (
    <Input
      {...input}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      contentAfter={<SendCodeButton resendAt={timer.resendAt} sending={loading} onSend={() => void onSend()} />}
    />
  );
}

/** The code field: a refusal shows as its error, a sent code as a success message until the next refusal. */
export function CodeField<T extends FieldValues>({
  form,
  name,
  onErrors,
  ...input
}: {
  form: FormOf<T>;
  name: TextPath<T>;
  phone: string;
  purpose: VerificationPurpose;
  timer: CodeTimer;
  onErrors: (errors: { phone?: string; code?: string }) => void;
}) {
  const [sent, setSent] = useState<string | undefined>();
  return (
    <FormField form={form} name={name} label="验证码" required success={sent}>
      {(binding) => (
        <CodeInput
          {...binding}
          {...input}
          onErrors={(found) => {
            setSent(undefined);
            onErrors(found);
          }}
          onSent={setSent}
        />
      )}
    </FormField>
  );
}
