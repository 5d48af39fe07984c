/**
 * The 获取验证码 button of every form that sends a code by SMS (registration, password reset, the payment password):
 * it counts down from the gateway's `resendIn` rather than start a fresh minute of its own.
 */
import { Button, makeStyles } from '@fluentui/react-components';
import { useEffect, useState } from 'react';

export function secondsUntil(until: number, now: number): number {
  return Math.max(0, Math.ceil((until - now) / 1000));
}

export function sendCodeLabel(secondsLeft: number, sending: boolean): string {
  if (sending) return '发送中…';
  return secondsLeft > 0 ? `${secondsLeft}秒后重新获取` : '获取验证码';
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

const useStyles = makeStyles({
  send: { whiteSpace: 'nowrap', minWidth: 'auto' },
});

/** The button inside the code input: disabled while sending and until `resendAt` (ms since the epoch) has passed. */
export function SendCodeButton({
  resendAt,
  sending,
  onSend,
}: {
  resendAt: number;
  sending: boolean;
  onSend: () => void;
}) {
  const styles = useStyles();
  const left = useSecondsLeft(resendAt);
  return (
    <Button
      className={styles.send}
      appearance="transparent"
      size="small"
      disabled={sending || left > 0}
      onClick={onSend}
    >
      {sendCodeLabel(left, sending)}
    </Button>
  );
}
