import { makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons/svg/dismiss';
import { useState } from 'react';
import { SiteLink } from '../../components/SiteLink';
import { bareButton } from '../../components/bare-button';
import { marketTokens } from '../../theme/theme';

const useStyles = makeStyles({
  // SHELL-22: folded on a phone, where its 40 px would push the goods off the first screen.
  banner: {
    position: 'relative',
    backgroundColor: marketTokens.colorBanner,
    '@media (max-width: 600px)': { display: 'none' },
  },
  // The advertisement keeps a fixed height so the page below does not move when the picture arrives.
  link: {
    display: 'block',
    maxWidth: '1200px',
    height: '60px',
    margin: '0 auto',
  },
  image: { display: 'block', width: '100%', height: '100%', objectFit: 'cover' },
  close: {
    ...bareButton,
    position: 'absolute',
    top: '4px',
    right: '8px',
    width: '24px',
    height: '24px',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundColor: 'rgba(0,0,0,0.35)',
    borderRadius: '50%',
  },
});

export interface TopBannerData {
  id: string;
  image: string;
  url?: string | null;
  title: string;
}

/**
 * The TOP advertisement above the header; its close icon hides it for the rest of the visit. While the site's answer
 * is still on its way (`pending`) its box is kept empty, so the header and page do not move down when it arrives.
 */
export function TopBanner({ banner, pending = false }: { banner: TopBannerData | undefined; pending?: boolean }) {
  const styles = useStyles();
  const [closed, setClosed] = useState(false);
  if (pending && !banner) {
    return (
      <div className={styles.banner} aria-hidden>
        <div className={styles.link} />
      </div>
    );
  }
  if (!banner || closed) return null;
  return (
    <aside className={styles.banner} aria-label="顶部广告">
      <SiteLink className={styles.link} url={banner.url}>
        {/* Lazy: a phone hides the strip (no request at all), and on a wide screen it is on the first screen and loads
            at once, but after the carousel's picture, the page's largest paint, which the server preloads first. */}
        <img className={styles.image} src={banner.image} alt={banner.title} loading="lazy" />
      </SiteLink>
      <button type="button" className={styles.close} aria-label="关闭广告" onClick={() => setClosed(true)}>
        <DismissRegular aria-hidden />
      </button>
    </aside>
  );
}
