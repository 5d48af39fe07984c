import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { ShieldCheckmarkRegular } from '@fluentui/react-icons/svg/shield-checkmark';
import { bareButton } from '../../components/bare-button';
import type { Header_SiteFragment } from '../../gql/graphql';
import { alertDialog } from '../../shared/notify';

const useStyles = makeStyles({
  quality: {
    ...bareButton,
    display: 'inline-flex',
    alignItems: 'center',
    gap: '4px',
    minHeight: '24px',
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
    textDecorationLine: 'none',
  },
});

/** SHELL-13: the quality-inspection report: its page in a new window, or its message when there is no page. */
export function QualityInspectionLink({
  site,
  className,
}: {
  site: Header_SiteFragment | null;
  className?: string | undefined;
}) {
  const styles = useStyles();
  const inspection = site?.qualityInspection;
  if (!inspection) return null;
  const content = (
    <>
      <ShieldCheckmarkRegular aria-hidden />
      质检报告
    </>
  );
  if (inspection.url) {
    return (
      <a
        className={mergeClasses(styles.quality, className)}
        href={inspection.url}
        target="_blank"
        rel="noopener noreferrer"
      >
        {content}
      </a>
    );
  }
  const message = inspection.message;
  if (!message) return null;
  return (
    <button type="button" className={mergeClasses(styles.quality, className)} onClick={() => alertDialog(message)}>
      {content}
    </button>
  );
}
