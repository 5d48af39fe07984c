import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components';
import type { ReactNode } from 'react';

/**
 * The marketplace's alert dialog (titled 温馨提示 unless said otherwise): a message, the primary button that acts,
 * and, when `cancelLabel` is given, a secondary one that only closes. Escape or the backdrop close it too.
 */
export function ConfirmDialog({
  open,
  title = '温馨提示',
  children,
  confirmLabel = '确定',
  confirmDisabled = false,
  onConfirm,
  cancelLabel,
  onClose,
}: {
  open: boolean;
  title?: string;
  children: ReactNode;
  confirmLabel?: string;
  confirmDisabled?: boolean;
  onConfirm: () => void;
  cancelLabel?: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_event, data) => (data.open ? undefined : onClose())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>{children}</DialogContent>
          <DialogActions>
            <Button appearance="primary" disabled={confirmDisabled} onClick={onConfirm}>
              {confirmLabel}
            </Button>
            {cancelLabel ? (
              <Button appearance="secondary" onClick={onClose}>
                {cancelLabel}
              </Button>
            ) : null}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
