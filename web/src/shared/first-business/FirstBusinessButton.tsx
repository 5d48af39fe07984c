import { Button, type ButtonProps } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons/svg/arrow-download';
import { useState } from 'react';
import { downloadFile } from '../download-file';
import { notify } from '../notify';
import { useViewer } from '../viewer';

interface Props {
  /** Where the zip is relayed (./paths' firstBusinessHref, or the list's downloadUrl). */
  href: string;
  /** What the button says: 下载首营资料 unless given. */
  label?: string;
  /** What screen readers hear, when the label alone does not say which goods (a row of a list). */
  ariaLabel?: string;
  appearance?: ButtonProps['appearance'];
  size?: ButtonProps['size'];
  /** Nothing to download yet (no goods ticked). */
  disabled?: boolean;
}

/**
 * FIRST-06: downloads a first-business zip with the buyer's session and saves it under its Chinese name; a refusal
 * (an order of too many goods, a goods gone) is told in a notice. Shown to signed-in buyers only: documents go to a
 * company's file.
 */
export function FirstBusinessButton({
  href,
  label = '下载首营资料',
  ariaLabel,
  appearance = 'secondary',
  size,
  disabled = false,
}: Props) {
  const { signedIn } = useViewer();
  const [busy, setBusy] = useState(false);
  if (!signedIn) return null;
  const run = async () => {
    setBusy(true);
    const refused = await downloadFile(href, '首营资料.zip');
    setBusy(false);
    if (refused !== undefined) notify({ kind: 'toast', intent: 'error', text: refused });
  };
  return (
    <Button
      appearance={appearance}
      size={size}
      icon={<ArrowDownloadRegular />}
      disabled={busy || disabled}
      aria-label={ariaLabel}
      onClick={() => void run()}
    >
      {busy ? '正在生成…' : label}
    </Button>
  );
}
