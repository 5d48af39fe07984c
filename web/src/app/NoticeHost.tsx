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
  // Toasts live in a labelled region of their own: portalled straight into <body> they would sit outside every
  // landmark, where a screen reader's landmark list does not reach them (axe's region rule).
  const [region, setRegion] = useState<HTMLElement | null>(null);

  useEffect(() => {
    // Notices raised before the toaster is mounted wait in the bus until it can show them.
    if (region === null) return undefined;
    return subscribeNotices((notice) => {
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
    });
  }, [dispatchToast, region]);

  const current = dialogs[0];
  const close = () => setDialogs((queue) => queue.slice(1));

  return (
    <>
      <section ref={setRegion} aria-label="通知" />
      {region ? <Toaster toasterId={toasterId} position="top" mountNode={region} /> : null}
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
