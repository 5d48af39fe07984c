import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { Link } from 'react-router';
import type { QualificationAlertLevel } from '../../gql/graphql';

const useStyles = makeStyles({
  expired: { color: tokens.colorPaletteRedForeground1 },
  expiring: { color: tokens.colorPaletteDarkOrangeForeground1 },
  expiredTint: { backgroundColor: tokens.colorPaletteRedBackground1 },
  expiringTint: { backgroundColor: tokens.colorPaletteDarkOrangeBackground1 },
});

/**
 * QUAL-05: the frame's warning of an expiring or expired qualification document, leading to the documents page. The
 * top bar shows the sentence, the phone's header a short word whose accessible name is still the whole sentence, the
 * phone's menu the sentence on a tint; the caller places it.
 */
export function QualificationAlertLink({
  alert,
  className,
  short = false,
  tinted = false,
}: {
  alert: { level: QualificationAlertLevel; message: string };
  className?: string | undefined;
  short?: boolean;
  tinted?: boolean;
}) {
  const styles = useStyles();
  const expired = alert.level === 'EXPIRED';
  return (
    <Link
      className={mergeClasses(
        expired ? styles.expired : styles.expiring,
        tinted && (expired ? styles.expiredTint : styles.expiringTint),
        className,
      )}
      to="/zzzj"
    >
      {short ? (
        <>
          {expired ? '资质已过期' : '资质将到期'}
          <span className="visually-hidden">：{alert.message}</span>
        </>
      ) : (
        alert.message
      )}
    </Link>
  );
}
