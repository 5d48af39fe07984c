import { Button, Input, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useState, type ReactNode } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { Outlet, useNavigate } from 'react-router';
import type { FieldValues } from 'react-hook-form';
import { FormField, type FormOf, type TextPath } from '../../shared/form/FormField';
import type { InlineInputErrorsContext } from '../../shared/error-policy';
import { placeSubmitErrors, type FormErrors } from './registration';
import { StepIndicator } from '../../components/StepIndicator';
import { useFormCardStyles } from '../../components/FormCard';
import type { CodeTimer } from './code-field';

export const useFormStyles = makeStyles({
  hint: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  grow: { flexGrow: 1 },
  done: { textAlign: 'center', justifyItems: 'center' },
  doneTitle: { margin: 0, fontSize: tokens.fontSizeHero700, color: tokens.colorPaletteGreenForeground1 },
  links: { display: 'flex', gap: tokens.spacingHorizontalXXL, justifyContent: 'center', flexWrap: 'wrap' },
});

/**
 * A second step's buttons: back to the first step (both steps' values are kept: `onBack` hands this step's to the
 * flow), and the submit that ends the flow.
 */
export function StepActions({
  submitLabel,
  loading,
  onBack,
}: {
  submitLabel: string;
  loading: boolean;
  onBack?: () => void;
}) {
  const styles = useFormStyles();
  const navigate = useNavigate();
  return (
    <div className={styles.actions}>
      <Button
        onClick={() => {
          onBack?.();
          void navigate('../step1', { relative: 'route' });
        }}
      >
        上一步
      </Button>
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

/** What the steps of a flow share: its state, `update` merging a change into it, and the code's resend timer. */
export type StepFlow<T extends object> = T & { update: (change: Partial<T>) => void; timer: CodeTimer };

/**
 * A three-step flow's route element (registration, reset): holds what the steps share while the buyer moves
 * between its /step1..3, in memory only, so nothing typed (a password) reaches the address.
 */
export function StepFlowOutlet<T extends object>({ start }: { start: T }) {
  const [state, setState] = useState(start);
  const [resendAt, setResendAt] = useState(0);
  const flow: StepFlow<T> = {
    ...state,
    update: (change) => setState((old) => ({ ...old, ...change })),
    timer: { resendAt, setResendAt },
  };
  return <Outlet context={flow} />;
}

/** The mobile number field of registration and reset. */
export function PhoneField<T extends FieldValues>({
  form,
  name,
  onBlur,
  hint,
}: {
  form: FormOf<T>;
  name: TextPath<T>;
  /** When the buyer leaves the field (registration checks the number is free). */
  onBlur?: () => void;
  hint?: string;
}) {
  return (
    <FormField form={form} name={name} label="手机号" required hint={hint}>
      {(input) => (
        <Input
          {...input}
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={11}
          onBlur={() => {
            input.onBlur();
            onBlur?.();
          }}
        />
      )}
    </FormField>
  );
}

/** A new password and its confirmation (VAL-07), as registration and reset ask for them. */
export function NewPasswordFields<T extends FieldValues>({
  form,
  names,
  labels,
}: {
  form: FormOf<T>;
  names: { password: TextPath<T>; confirm: TextPath<T> };
  labels: { password: string; confirm: string };
}) {
  return (
    <>
      <FormField form={form} name={names.password} label={labels.password} required hint="8-20位，需包含字母和数字">
        {(input) => <Input {...input} type="password" autoComplete="new-password" />}
      </FormField>
      <FormField form={form} name={names.confirm} label={labels.confirm} required>
        {(input) => <Input {...input} type="password" autoComplete="new-password" />}
      </FormField>
    </>
  );
}

/** The context of a flow's mutations: form errors and the flow's known refusals land on fields, not in a dialog. */
export const inlineContext = (refusals: Readonly<Record<number, string>>): InlineInputErrorsContext => ({
  inlineInputErrors: true,
  inlineBusinessCodes: Object.keys(refusals).map(Number),
});

/**
 * The submit of a flow's second step, which ends it: a refusal or form error about a step 1 field goes back there
 * with its message, any other form error stays here; on success the cache is reset (the buyer's session changed)
 * and the flow moves to step 3.
 */
export function useFinishStep<F extends string>({
  refusals,
  firstStepFields,
  back,
  here,
  finish,
}: {
  refusals: Readonly<Record<number, F>>;
  firstStepFields: readonly F[];
  /** Marks step 1 not passed, with these messages on its fields. */
  back: (errors: FormErrors<F>) => void;
  here: (fields: Record<string, string>) => void;
  finish: () => void;
}) {
  const navigate = useNavigate();
  const client = useApolloClient();
  return async (send: () => Promise<unknown>) => {
    try {
      await send();
    } catch (error) {
      const placed = CombinedGraphQLErrors.is(error)
        ? placeSubmitErrors(error.errors, refusals, firstStepFields)
        : null;
      if (placed && 'back' in placed) {
        back(placed.back);
        void navigate('../step1', { relative: 'route' });
      } else if (placed) here(placed.here);
      return;
    }
    // Nothing cached for the earlier session survives, and the top bar reads the buyer as they now are. A failed
    // refetch is the error link's to report; the step itself has succeeded.
    await client.resetStore().catch(() => undefined);
    finish();
    void navigate('../step3', { relative: 'route', replace: true });
  };
}
