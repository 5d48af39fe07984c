import { useQuery } from '@apollo/client/react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons/svg/dismiss';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { bareButton } from '../../components/bare-button';
import { SiteLink } from '../../components/SiteLink';
import { SECONDARY } from '../../shared/error-policy';
import { TopRightAdQuery, topRightAds } from './top-right-ad';

const useStyles = makeStyles({
  // Beside the 1200 px column on the right, clear of the 40 px side bar; only where a 120 px picture fits between
  // them (1600 px and wider), never over the page.
  aside: {
    position: 'fixed',
    top: '180px',
    right: 'calc((100vw - 1200px) / 2 - 140px)',
    zIndex: 20,
    width: '120px',
    display: 'grid',
    gap: '8px',
    '@media (max-width: 1599px)': { display: 'none' },
  },
  item: { position: 'relative' },
  // A fixed box per picture (the slot's pictures are 240 × 320): nothing moves when a picture arrives.
  link: {
    display: 'block',
    width: '120px',
    height: '160px',
    overflow: 'hidden',
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow8,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  image: { display: 'block', width: '100%', height: '100%', objectFit: 'cover' },
  close: {
    ...bareButton,
    position: 'absolute',
    top: '4px',
    right: '4px',
    width: '20px',
    height: '20px',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundColor: tokens.colorBackgroundOverlay,
    borderRadius: '50%',
  },
});

/**
 * SHELL-20: the top-right advertisements of the routes whose flag asks for them (/hb, /welfare), beside the page;
 * closed with their close icon for the rest of the visit. Secondary (ERR-10): a failure leaves them out. Loaded only
 * on those routes (bundle budget).
 */
export default function TopRightAd() {
  const styles = useStyles();
  const { pathname } = useLocation();
  const [closed, setClosed] = useState(false);
  const { data } = useQuery(TopRightAdQuery, { errorPolicy: 'all', context: SECONDARY });
  const ads = topRightAds(data?.topRightAds ?? [], pathname);
  if (closed || ads.length === 0) return null;
  return (
    <aside className={styles.aside} aria-label="右侧广告">
      {ads.map((ad) => (
        <div key={ad.id} className={styles.item}>
          <SiteLink className={styles.link} url={ad.url} label={ad.title}>
            <img className={styles.image} src={ad.image} alt={ad.title} width={120} height={160} loading="lazy" />
          </SiteLink>
        </div>
      ))}
      <button type="button" className={styles.close} aria-label="关闭右侧广告" onClick={() => setClosed(true)}>
        <DismissRegular aria-hidden />
      </button>
    </aside>
  );
}
