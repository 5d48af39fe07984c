import { Field, type FieldProps } from '@fluentui/react-components';
import type { ReactElement } from 'react';
import {
  useController,
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type PathValue,
  type RefCallBack,
  type UseFormReturn,
} from 'react-hook-form';
import { rulesResolver, type FieldRules } from './rules';
import { SERVER_ERROR } from './server-errors';

/** The fields of T that hold text (inputs, selects): the ones FormField wires. */
export type TextPath<T extends FieldValues> = {
  [K in FieldPath<T>]: PathValue<T, K> extends string ? K : never;
}[FieldPath<T>];

/** What a field needs of its form: its state, and clearing the upstream's message when the value changes. */
export type FormOf<T extends FieldValues> = Pick<UseFormReturn<T>, 'control' | 'clearErrors'>;

/** What a Fluent UI Input, Select or Textarea inside a FormField takes to be the field's control. */
export interface TextBinding {
  name: string;
  value: string;
  onChange: (_event: unknown, data: { value: string }) => void;
  onBlur: () => void;
  ref: RefCallBack;
}

/**
 * A form under the form layer (ADR 0314): react-hook-form checking `rules` on submit, then each field again as it
 * changes; `errors` are messages to show from the start (a later step sent the buyer back to this one).
 */
export function useRulesForm<T extends FieldValues>(
  rules: FieldRules<T>,
  defaultValues: DefaultValues<T>,
  errors?: FieldErrors<T>,
) {
  return useForm<T>({
    defaultValues,
    resolver: rulesResolver(rules),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...(errors ? { errors } : {}),
  });
}

/**
 * One field of a form: Fluent UI's Field with its label, required mark, hint and the field's message (its rule's, or
 * the upstream's set with setError), around the control `children` renders from the binding. The hint gives way to
 * the message, so the field keeps its height.
 */
export function FormField<T extends FieldValues>({
  form,
  name,
  label,
  required = false,
  hint,
  success,
  className,
  children,
}: {
  form: FormOf<T>;
  name: TextPath<T>;
  label: string;
  required?: boolean;
  /** Words under the field (a counter, say) while it shows no message. */
  hint?: FieldProps['hint'];
  /** A message that is not an error (a code was sent), shown while the field has none. */
  success?: string | undefined;
  className?: string;
  children: (input: TextBinding) => ReactElement;
}) {
  const { field, fieldState } = useController({ control: form.control, name });
  const error = fieldState.error?.message;
  const message = error ?? success;
  const value: unknown = field.value;
  return (
    <Field
      label={label}
      required={required}
      className={className}
      hint={message ? undefined : hint}
      validationMessage={message}
      validationState={error ? 'error' : success ? 'success' : 'none'}
    >
      {children({
        name: field.name,
        value: typeof value === 'string' ? value : '',
        onChange: (_event, data) => {
          field.onChange(data.value);
          // The upstream's message (or one a flow kept) goes as the buyer changes what it was about, as the rules'
          // messages do once the form has been submitted; the next check answers again.
          if (fieldState.error?.type === SERVER_ERROR) form.clearErrors(name);
        },
        onBlur: field.onBlur,
        ref: field.ref,
      })}
    </Field>
  );
}
