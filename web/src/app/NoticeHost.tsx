import { Link, Toast, Toaster, ToastTitle, ToastTrigger, useId, useToastController } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { subscribeNotices, type Notice } from '../shared/notify';
import { goTo } from './navigation';

type DialogNotice = Extract<Notice, { kind: 'dialog' }>;

/**
 * Renders what the notice bus carries: toasts (with Fluent's intent icons: success, warning, error) and one
 * dialog at a time. Loaded lazily after the first paint; notices raised earlier wait in the bus.
 */
export default function NoticeHost() {
  const toasterId = useId('notices');
  const { dispatchToast } = useToastController(toasterId);
  const [dialogs, setDialogs] = useState<DialogNotice[]>([]);

  useEffect(
    () =>
      subscribeNotices((notice) => {
        if (notice.kind === 'dialog') {
          setDialogs((queue) => [...queue, notice]);
          return;
        }
        const link = notice.link;
        dispatchToast(
          <Toast>
            <ToastTitle
              action={
                link ? (
                  <ToastTrigger>
                    <Link as="button" onClick={() => goTo(link.to)}>
                      {link.label}
                    </Link>
                  </ToastTrigger>
                ) : undefined
              }
            >
              {notice.text}
            </ToastTitle>
          </Toast>,
          {
            intent: notice.intent,
            timeout: link ? 5000 : 3000,
            politeness: notice.intent === 'error' ? 'assertive' : 'polite',
          },
        );
      }),
    [dispatchToast],
  );

  const current = dialogs[0];
  const close = () => setDialogs((queue) => queue.slice(1));

  return (
    <>
      <Toaster toasterId={toasterId} position="top" />
      {current ? (
        <ConfirmDialog
          open
          title={current.title}
          {...(current.action === 'reload'
            ? { confirmLabel: '刷新', onConfirm: () => window.location.reload(), cancelLabel: '关闭' }
            : { onConfirm: close })}
          onClose={close}
        >
          {current.text}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
