import { makeStyles, tokens } from '@fluentui/react-components';
import { Link } from 'react-router';

const useStyles = makeStyles({
  page: {
    padding: '48px 24px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
  text: { color: tokens.colorNeutralForeground2, lineHeight: tokens.lineHeightBase400 },
});

/**
 * /dzht: where CONTRACT_REQUIRED sends the buyer. The product does not describe the signing flow itself (ERR-04), so this page
 * says what is needed and who helps; signing online is for a later iteration.
 */
export default function ContractPage() {
  const styles = useStyles();
  return (
    <section className={styles.page}>
      <h1>电子合同</h1>
      <p className={styles.text}>
        贵单位尚未签署采购电子合同，签署完成后即可继续下单。请联系您的专属客服或拨打页面顶部的投诉热线办理签署。
      </p>
      <Link to="/">返回首页</Link>
    </section>
  );
}
