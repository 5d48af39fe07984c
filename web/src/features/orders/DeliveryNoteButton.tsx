import { Button } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons/svg/arrow-download';
import { useState } from 'react';
import { notify } from '../../shared/notify';
import { deliveryNoteHref } from './batches';
import { downloadFile } from './download';

/**
 * BATCH-08: downloads a shipped order's delivery note (随货同行单: the goods with their batches, production and expiry
 * dates, as GSP asks) with the buyer's session; a refusal is told in a notice.
 */
export function DeliveryNoteButton({ orderId, orderSn }: { orderId: string; orderSn: string }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    const refused = await downloadFile(deliveryNoteHref(orderId), `随货同行单-${orderSn}.pdf`);
    setBusy(false);
    if (refused !== undefined) notify({ kind: 'toast', intent: 'error', text: refused });
  };
  return (
    <Button appearance="secondary" icon={<ArrowDownloadRegular />} disabled={busy} onClick={() => void run()}>
      {busy ? '正在生成…' : '下载随货同行单'}
    </Button>
  );
}
