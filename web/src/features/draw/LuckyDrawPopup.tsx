import { useQuery } from '@apollo/client/react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  mergeClasses,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons/svg/dismiss';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { graphql } from '../../gql';
import type { LuckyDrawPopupQuery as LuckyDrawPopupData } from '../../gql/graphql';
import {
  closeAnimationMs,
  DRAW_CLOSE_MS,
  dismissDraw,
  drawResultText,
  isDrawDismissed,
  offersDraw,
  prefersReducedMotion,
  sessionStore,
} from './lucky-draw';
import { SECONDARY } from '../../shared/error-policy';
import { formatDateTime } from '../../shared/time';
import { PrizeList } from './PrizeList';
import { useLuckyDrawing } from './use-draw';
import { marketTokens } from '../../theme/theme';

export const LuckyDrawPopupQuery = graphql(`
  query LuckyDrawPopup {
    currentLuckyDraw {
      id
      name
      rules
      endsAt
      joined
      prizes {
        id
        ...PrizeList_prize
      }
    }
  }
`);

type CurrentDraw = NonNullable<LuckyDrawPopupData['currentLuckyDraw']>;

const useStyles = makeStyles({
  surface: { maxWidth: '560px', '@media (max-width: 600px)': { padding: '16px' } },
  title: { color: tokens.colorBrandForeground1 },
  content: { display: 'grid', gap: '12px' },
  rules: { margin: 0, whiteSpace: 'pre-line', color: tokens.colorNeutralForeground2 },
  ends: { margin: 0, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  status: { minHeight: '1px' },
  result: {
    margin: 0,
    padding: '16px',
    textAlign: 'center',
    fontSize: tokens.fontSizeBase500,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorBrandForeground1,
    backgroundColor: marketTokens.colorPrizeBackground,
    borderRadius: tokens.borderRadiusMedium,
  },
  consolation: { color: tokens.colorNeutralForeground2, backgroundColor: tokens.colorNeutralBackground3 },
  confirm: { margin: 0, fontWeight: tokens.fontWeightSemibold },
  actions: {
    alignItems: 'center',
    '@media (max-width: 600px)': { flexWrap: 'wrap' },
  },
  link: { color: tokens.colorBrandForeground1, marginRight: 'auto' },
  // DRAW-03: the pop-up and its backdrop fade out over a second; nothing in them answers a click meanwhile.
  closing: {
    animationName: { from: { opacity: 1, transform: 'scale(1)' }, to: { opacity: 0, transform: 'scale(0.92)' } },
    animationDuration: `${DRAW_CLOSE_MS}ms`,
    animationTimingFunction: 'ease-in',
    animationFillMode: 'forwards',
    pointerEvents: 'none',
  },
  backdropClosing: {
    animationName: { from: { opacity: 1 }, to: { opacity: 0 } },
    animationDuration: `${DRAW_CLOSE_MS}ms`,
    animationFillMode: 'forwards',
    pointerEvents: 'none',
  },
});

function PopupDialog({ draw, onClosed }: { draw: CurrentDraw; onClosed: () => void }) {
  const styles = useStyles();
  const { phase, start } = useLuckyDrawing(draw.id);
  // DRAW-04: closing while the result is on its way asks first, inside the dialog.
  const [confirmingClose, setConfirmingClose] = useState(false);
  const drawing = phase.kind === 'drawing';
  const asking = confirmingClose && drawing;
  const [closing, setClosing] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const close = () => {
    if (closing) return;
    dismissDraw(sessionStore(), draw.id);
    const delay = closeAnimationMs(prefersReducedMotion());
    if (delay === 0) {
      onClosed();
      return;
    }
    setClosing(true);
    closeTimer.current = window.setTimeout(onClosed, delay);
  };
  const requestClose = () => {
    if (closing) return;
    if (drawing) setConfirmingClose(true);
    else close();
  };

  const record = phase.kind === 'done' ? phase.record : null;
  return (
    <Dialog open modalType="modal" onOpenChange={(_event, data) => (data.open ? undefined : requestClose())}>
      <DialogSurface
        className={mergeClasses(styles.surface, closing && styles.closing)}
        backdrop={{ className: closing ? styles.backdropClosing : undefined }}
        aria-busy={closing || undefined}
      >
        <DialogBody>
          <DialogTitle
            className={styles.title}
            action={<Button appearance="subtle" aria-label="关闭" icon={<DismissRegular />} onClick={requestClose} />}
          >
            {draw.name}
          </DialogTitle>
          <DialogContent className={styles.content}>
            {phase.kind === 'ready' ? (
              <>
                {draw.rules ? <p className={styles.rules}>{draw.rules}</p> : null}
                <PrizeList prizes={draw.prizes} label="活动奖品" />
                <p className={styles.ends}>活动截止：{formatDateTime(draw.endsAt)}</p>
              </>
            ) : null}
            {/* One live region from the start, so 正在抽奖… and then the result are read out as they appear. */}
            <div className={styles.status} role="status" aria-live="polite">
              {asking ? null : drawing ? (
                <Spinner size="small" label="正在抽奖…" />
              ) : record ? (
                <p className={mergeClasses(styles.result, !record.prize.isWin && styles.consolation)}>
                  {drawResultText(record.prize)}
                </p>
              ) : null}
            </div>
            {asking ? <p className={styles.confirm}>抽奖进行中，关闭后若无结果请到个人中心查看</p> : null}
          </DialogContent>
          <DialogActions className={styles.actions} fluid>
            {asking ? (
              <>
                <Button appearance="primary" onClick={() => setConfirmingClose(false)}>
                  继续等待
                </Button>
                <Button onClick={close}>仍要关闭</Button>
              </>
            ) : record ? (
              <>
                <Link className={styles.link} to="/user/draw" onClick={close}>
                  查看我的抽奖记录
                </Link>
                <Button appearance="primary" onClick={close}>
                  知道了
                </Button>
              </>
            ) : (
              <>
                <Link className={styles.link} to={`/draw/${encodeURIComponent(draw.id)}`} onClick={close}>
                  活动详情
                </Link>
                {/* Focusable while disabled: the keyboard stays on it, then on 知道了, which takes its place. */}
                <Button appearance="primary" disabledFocusable={drawing} onClick={() => void start()}>
                  立即抽奖
                </Button>
              </>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/**
 * The home page's lucky-draw pop-up (DRAW-01), rendered for signed-in buyers only: it opens for the running draw while
 * the buyer has not drawn in it and has not closed it in this browser session. Once open it stays for the draw and
 * its result, although the answer marks the draw joined.
 */
export default function LuckyDrawPopup() {
  const { data } = useQuery(LuckyDrawPopupQuery, { context: SECONDARY });
  const draw = data?.currentLuckyDraw;
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  const [closedFor, setClosedFor] = useState<string | null>(null);
  if (!draw || closedFor === draw.id) return null;
  const open = openedFor === draw.id || offersDraw(draw, isDrawDismissed(sessionStore(), draw.id));
  if (!open) return null;
  // Latched during render (React's pattern for remembering an earlier render), so the draw's own answer, which
  // marks it joined, does not close the dialog before the result is shown.
  if (openedFor !== draw.id) setOpenedFor(draw.id);
  return <PopupDialog key={draw.id} draw={draw} onClosed={() => setClosedFor(draw.id)} />;
}
