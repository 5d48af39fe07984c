import { useMutation } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { Button, Input, makeStyles, mergeClasses, tokens, type InputProps } from '@fluentui/react-components';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { graphql } from '../../gql';
import type { VerificationPurpose } from '../../gql/graphql';
import type { InlineInputErrorsContext } from '../../shared/error-policy';
import { checkPhone, secondsUntil, sendCodeLabel, serverFieldErrors } from './registration';
import { StepIndicator } from '../../components/StepIndicator';

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
  page: { display: 'flex', justifyContent: 'center', padding: '32px 0' },
  card: {
    width: '100%',
    maxWidth: '480px',
    boxSizing: 'border-box',
    padding: '32px',
    display: 'grid',
    gap: '16px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow4,
    '@media (max-width: 600px)': { padding: '20px 16px' },
  },
  heading: { margin: 0, fontSize: tokens.fontSizeBase600 },
  hint: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  actions: { display: 'flex', gap: '12px', flexWrap: 'wrap' },
  grow: { flexGrow: 1 },
  done: { textAlign: 'center', justifyItems: 'center' },
  doneTitle: { margin: 0, fontSize: tokens.fontSizeHero700, color: tokens.colorPaletteGreenForeground1 },
  links: { display: 'flex', gap: '24px', justifyContent: 'center', flexWrap: 'wrap' },
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
  return (
    <div className={styles.page}>
      <section className={mergeClasses(styles.card, styles.done)} aria-labelledby={id}>
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
