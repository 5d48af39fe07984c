import { Button, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { Link, useLocation } from 'react-router';
import { BannerHead } from '../../components/BannerHead';
import { graphql } from '../../gql';
import type { DrawHead_DrawFragment } from '../../gql/graphql';
import { loginPath } from '../../shared/redirect';
import { formatDateTime } from '../../shared/time';
import { useViewer } from '../../shared/viewer';
import { drawResultText, drawStatusText } from './lucky-draw';
import { useLuckyDrawing } from './use-draw';

export const DrawHeadFragment = graphql(`
  fragment DrawHead_draw on LuckyDraw {
    id
    name
    status
    startsAt
    endsAt
    joined
  }
`);

const useStyles = makeStyles({
  idle: { color: tokens.colorNeutralForeground2 },
  period: { margin: `${tokens.spacingVerticalSNudge} 0 0`, fontSize: tokens.fontSizeBase300 },
  action: {
    display: 'grid',
    gap: tokens.spacingVerticalS,
    justifyItems: 'end',
    '@media (max-width: 600px)': { justifyItems: 'start' },
  },
  drawButton: { minWidth: '160px' },
  loginLink: {
    display: 'inline-block',
    padding: `${tokens.spacingVerticalSNudge} ${tokens.spacingHorizontalXL}`,
    color: tokens.colorBrandForeground1,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    fontWeight: tokens.fontWeightSemibold,
    textDecorationLine: 'none',
    ':hover': { textDecorationLine: 'underline' },
  },
  note: { margin: 0, fontWeight: tokens.fontWeightSemibold },
  status: { color: tokens.colorNeutralForegroundOnBrand, minHeight: '1px' },
});

/** The head's right side: what the buyer can do in this draw now (DRAW-02, DRAW-06). */
function DrawAction({ draw }: { draw: DrawHead_DrawFragment }) {
  const styles = useStyles();
  const viewer = useViewer();
  const location = useLocation();
  const { phase, start } = useLuckyDrawing(draw.id);

  if (draw.status === 'UPCOMING') return <p className={styles.note}>活动尚未开始，敬请期待</p>;
  if (draw.status === 'ENDED' && phase.kind === 'ready') return <p className={styles.note}>活动已结束</p>;
  // Until the shell knows who is browsing, a member is not shown the visitor's button.
  if (!viewer.known) return null;
  if (!viewer.signedIn) {
    return (
      <Link className={styles.loginLink} to={loginPath(location)}>
        登录后抽奖
      </Link>
    );
  }
  if (draw.joined && phase.kind === 'ready') return <p className={styles.note}>您已参与本次抽奖</p>;
  return (
    <>
      {phase.kind === 'done' ? null : (
        <Button
          className={styles.drawButton}
          appearance="secondary"
          size="large"
          disabledFocusable={phase.kind === 'drawing'}
          onClick={() => void start()}
        >
          立即抽奖
        </Button>
      )}
      <div className={styles.status} role="status" aria-live="polite">
        {phase.kind === 'drawing' ? (
          <Spinner appearance="inverted" size="tiny" label="正在抽奖…" />
        ) : phase.kind === 'done' ? (
          <p className={styles.note}>{drawResultText(phase.record.prize)}</p>
        ) : null}
      </div>
    </>
  );
}

/** A lucky draw's banner: its name and state, its period, and the buyer's draw button or result. */
export function DrawHead({ draw }: { draw: DrawHead_DrawFragment }) {
  const styles = useStyles();
  const running = draw.status === 'RUNNING';
  return (
    <BannerHead
      title={draw.name}
      titleId="draw-title"
      label={<span className={running ? undefined : styles.idle}>{drawStatusText(draw.status)}</span>}
      aside={
        <div className={styles.action}>
          <DrawAction key={draw.id} draw={draw} />
        </div>
      }
    >
      <p className={styles.period}>
        活动时间：{formatDateTime(draw.startsAt)} 至 {formatDateTime(draw.endsAt)}
      </p>
    </BannerHead>
  );
}
