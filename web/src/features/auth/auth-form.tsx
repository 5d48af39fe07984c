import { useMutation } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { Button, Field, Input, makeStyles, mergeClasses, tokens, type InputProps } from '@fluentui/react-components';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { graphql } from '../../gql';
import type { VerificationPurpose } from '../../gql/graphql';
import type { InlineInputErrorsContext } from '../../shared/error-policy';
import { serverFieldErrors } from '../../shared/error-policy';
import { checkPhone, secondsUntil, sendCodeLabel } from './registration';
import { StepIndicator } from '../../components/StepIndicator';
import { useFormCardStyles } from '../../components/FormCard';

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

export const useFormStyles = makeStyles({
  hint: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  grow: { flexGrow: 1 },
  done: { textAlign: 'center', justifyItems: 'center' },
  doneTitle: { margin: 0, fontSize: tokens.fontSizeHero700, color: tokens.colorPaletteGreenForeground1 },
  links: { display: 'flex', gap: tokens.spacingHorizontalXXL, justifyContent: 'center', flexWrap: 'wrap' },
  send: { whiteSpace: 'nowrap', minWidth: 'auto' },
});

/** A second step's buttons: back to the first step (its values are kept), and the submit that ends the flow. */
export function StepActions({ submitLabel, loading }: { submitLabel: string; loading: boolean }) {
  const styles = useFormStyles();
  const navigate = useNavigate();
  return (
    <div className={styles.actions}>
      <Button onClick={() => void navigate('../step1', { relative: 'route' })}>上一步</Button>
      <Button className={styles.grow} appearance="primary" type="submit" disabled={loading}>
        {loading ? '提交中…' : submitLabel}
      </Button>
    </div>
  );
}

/** The last step: every step passed, what happened, and where the buyer goes next. */
export function DoneCard({
  id,
  steps,
  title,
  message,
  children,
}: {
  id: string;
  steps: readonly string[];
  title: string;
  message: string;
  /** The links onward. */
  children: ReactNode;
}) {
  const styles = useFormStyles();
  const frame = useFormCardStyles();
  return (
    <div className={frame.page}>
      <section className={mergeClasses(frame.card, styles.done)} aria-labelledby={id}>
        <StepIndicator labels={steps} current={3} />
        <h1 id={id} className={styles.doneTitle}>
          {title}
        </h1>
        <p className={styles.hint}>{message}</p>
        <nav className={styles.links} aria-label="接下来">
          {children}
        </nav>
      </section>
    </div>
  );
}

/** When another code may be asked for (ms since the epoch), kept by the flow so it survives a step back. */
export interface CodeTimer {
  resendAt: number;
  setResendAt: (at: number) => void;
}

/** Ticks once a second while `until` lies ahead; answers the whole seconds left. */
function useSecondsLeft(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  const left = secondsUntil(until, now);
  const running = left > 0 || until > now;
  useEffect(() => {
    const tick = () => setNow(Date.now());
    // A new `until` is read against the clock at once, not against the moment of the last tick.
    const first = window.setTimeout(tick, 0);
    const timer = running ? window.setInterval(tick, 1000) : undefined;
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [until, running]);
  return left;
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
  const styles = useFormStyles();
  const left = useSecondsLeft(timer.resendAt);

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
      contentAfter={
        <Button
          className={styles.send}
          appearance="transparent"
          size="small"
          disabled={loading || left > 0}
          onClick={() => void onSend()}
        >
          {sendCodeLabel(left, loading)}
        </Button>
      }
    />
  );
}

type FieldChange = (_event: unknown, data: { value: string }) => void;

/** The mobile number field of registration and reset. */
export function PhoneField({
  value,
  onChange,
  error,
  hint,
}: {
  value: string;
  onChange: FieldChange;
  error: string | undefined;
  hint?: string;
}) {
  return (
    <Field label="手机号" required validationMessage={error} hint={error ? undefined : hint}>
      <Input
        name="phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        maxLength={11}
        value={value}
        onChange={onChange}
      />
    </Field>
  );
}

/** The code field: a refusal shows as its error, a sent code as a success message until the next refusal. */
export function CodeField({
  error,
  onErrors,
  ...input
}: {
  name: string;
  phone: string;
  purpose: VerificationPurpose;
  timer: CodeTimer;
  value: string;
  onChange: FieldChange;
  error: string | undefined;
  onErrors: (errors: { phone?: string; code?: string }) => void;
}) {
  const [sent, setSent] = useState<string | undefined>();
  return (
    <Field
      label="验证码"
      required
      validationMessage={error ?? sent}
      validationState={error ? 'error' : sent ? 'success' : undefined}
    >
      <CodeInput
        {...input}
        onErrors={(found) => {
          setSent(undefined);
          onErrors(found);
        }}
        onSent={setSent}
      />
    </Field>
  );
}

/** A new password and its confirmation (VAL-07), as registration and reset ask for them. */
export function NewPasswordFields({
  labels,
  password,
  confirm,
  onPassword,
  onConfirm,
  errors,
}: {
  labels: { password: string; confirm: string };
  password: string;
  confirm: string;
  onPassword: FieldChange;
  onConfirm: FieldChange;
  errors: { password?: string; confirm?: string };
}) {
  return (
    <>
      <Field
        label={labels.password}
        required
        validationMessage={errors.password}
        hint={errors.password ? undefined : '8-20位，需包含字母和数字'}
      >
        <Input name="password" type="password" autoComplete="new-password" value={password} onChange={onPassword} />
      </Field>
      <Field label={labels.confirm} required validationMessage={errors.confirm}>
        <Input name="confirm" type="password" autoComplete="new-password" value={confirm} onChange={onConfirm} />
      </Field>
    </>
  );
}
