import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Link,
  Toast,
  Toaster,
  ToastTitle,
  ToastTrigger,
  useId,
  useToastController,
} from '@fluentui/react-components';
import { useEffect, useState } from 'react';
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
        <Dialog open modalType="alert" onOpenChange={(_event, data) => (data.open ? undefined : close())}>
          <DialogSurface>
            <DialogBody>
              <DialogTitle>{current.title}</DialogTitle>
              <DialogContent>{current.text}</DialogContent>
              <DialogActions>
                {current.action === 'reload' ? (
                  <Button appearance="primary" onClick={() => window.location.reload()}>
                    刷新
                  </Button>
                ) : null}
                <Button appearance={current.action === 'reload' ? 'secondary' : 'primary'} onClick={close}>
                  {current.action === 'reload' ? '关闭' : '确定'}
                </Button>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
      ) : null}
    </>
  );
}
