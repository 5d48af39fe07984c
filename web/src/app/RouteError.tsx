import { makeStyles, tokens } from '@fluentui/react-components';
import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router';

const useStyles = makeStyles({
  box: { padding: '48px 16px', textAlign: 'center', backgroundColor: tokens.colorNeutralBackground1 },
});

/**
 * A page that failed to load or render. The usual cause after a deploy is a stale lazy chunk, which a reload
 * fixes; the technical detail stays in the console.
 */
export function RouteError() {
  const styles = useStyles();
  const error = useRouteError();
  const location = useLocation();
  console.error(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className={styles.box} role="alert">
      <h1>{notFound ? '页面不存在' : '页面加载失败'}</h1>
      <p>{notFound ? '您访问的页面不存在。' : '网络不稳定或网站刚刚更新，请刷新页面重试。'}</p>
      <p>
        <a href={location.pathname + location.search}>刷新页面</a> <Link to="/">返回首页</Link>
      </p>
    </section>
  );
}

/** Shown while a lazily loaded route's code arrives on a direct visit (before the first route renders). */
export function RouteLoading() {
  const styles = useStyles();
  return (
    <p className={styles.box} role="status" aria-busy>
      加载中…
    </p>
  );
}
