import { makeStyles, MessageBar, MessageBarBody, tokens } from '@fluentui/react-components';
import { Link } from 'react-router';
import { graphql } from '../../gql';
import type { QualificationAlertBar_AlertFragment } from '../../gql/graphql';

export const QualificationAlertBarFragment = graphql(`
  fragment QualificationAlertBar_alert on QualificationAlert {
    level
    blocksOrdering
    message
  }
`);

const useStyles = makeStyles({
  link: { color: tokens.colorBrandForeground1, textDecorationLine: 'underline', textUnderlineOffset: '2px' },
});

/**
 * QUAL-05: the warning about expiring or expired documents, on the member centre and the account pages; an order
 * would be refused (blocksOrdering) is an error, a document in its last 30 days a warning. `link` leads to /zzzj.
 */
export function QualificationAlertBar({
  alert,
  link = true,
  className,
}: {
  alert: QualificationAlertBar_AlertFragment | null | undefined;
  link?: boolean;
  className?: string;
}) {
  const styles = useStyles();
  if (!alert) return null;
  return (
    <MessageBar intent={alert.level === 'EXPIRED' ? 'error' : 'warning'} className={className} layout="multiline">
      <MessageBarBody>
        {alert.message}
        {link ? (
          <>
            {' '}
            <Link className={styles.link} to="/zzzj">
              去更新资质
            </Link>
          </>
        ) : null}
      </MessageBarBody>
    </MessageBar>
  );
}
