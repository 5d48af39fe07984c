import { Button } from '@fluentui/react-components';
import type { FormEvent, ReactNode } from 'react';
import { useFormLayoutStyles } from './form-layout';

/**
 * A form of a few short fields in the grid layout (ADR 0314), named by `label`, with its one submit button under the
 * fields; the button says `pendingLabel` and waits while the answer is on its way. The fields check themselves
 * (react-hook-form), so the browser's own checks are off.
 */
export function GridForm({
  label,
  onSubmit,
  loading,
  submitLabel = '保存',
  pendingLabel = '正在保存…',
  children,
}: {
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  loading: boolean;
  submitLabel?: string;
  pendingLabel?: string;
  children: ReactNode;
}) {
  const layout = useFormLayoutStyles();
  // SEC-25: sent before the script runs, the fields go in a body, never in the address.
  return (
    <form
      method="post"
      className={layout.grid}
      onSubmit={(event) => void onSubmit(event)}
      aria-label={label}
      noValidate
    >
      {children}
      <div className={layout.actions}>
        <Button type="submit" appearance="primary" disabled={loading}>
          {loading ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
