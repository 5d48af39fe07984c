import { makeStyles, tokens } from '@fluentui/react-components';
import { Link } from 'react-router';

const useStyles = makeStyles({
  page: {
    padding: '64px 16px',
    textAlign: 'center',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
  },
  // Its own line height: the provider's 20 px line would let the 64 px digits run into the heading under them.
  code: {
    fontSize: '64px',
    lineHeight: 1.2,
    margin: 0,
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightBold,
  },
  text: { color: tokens.colorNeutralForeground2 },
  links: { display: 'flex', gap: tokens.spacingHorizontalXXL, justifyContent: 'center' },
});

/** /404: every unknown address lands here (SHELL-10). */
export default function NotFoundPage() {
  const styles = useStyles();
  return (
    <section className={styles.page}>
      <p className={styles.code} aria-hidden>
        404
      </p>
      <h1>页面不存在</h1>
      <p className={styles.text}>您访问的页面不存在或已下架，请检查地址是否正确。</p>
      <div className={styles.links}>
        <Link to="/">返回首页</Link>
        <Link to="/list">浏览全部商品</Link>
      </div>
    </section>
  );
}
