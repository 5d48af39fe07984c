import { makeStyles, tokens } from '@fluentui/react-components';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { SectionHeading } from '../../components/SectionHeading';

const useStyles = makeStyles({
  links: { display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: tokens.spacingHorizontalXL },
});

/**
 * /noActivity (活动不存在): where a link to an unknown or ended campaign or template leads (PROMO-06), with the ways
 * on: the home page and the activity centre (/yjh).
 */
export default function NoActivityPage() {
  const styles = useStyles();
  return (
    <>
      <SectionHeading>活动不存在</SectionHeading>
      <EmptyState title="您要找的活动已经结束或不存在">
        <p>看看其他正在进行的活动吧。</p>
        <p className={styles.links}>
          <Link to="/">返回首页</Link>
          <Link to="/yjh">去活动中心</Link>
        </p>
      </EmptyState>
    </>
  );
}
