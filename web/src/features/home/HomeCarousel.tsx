import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { SiteLink } from '../../components/SiteLink';
import { graphql } from '../../gql';
import type { HomeCarousel_BannerFragment } from '../../gql/graphql';
import { bareButton } from '../../components/bare-button';

export const HomeCarouselFragment = graphql(`
  fragment HomeCarousel_banner on Banner {
    id
    image
    url
    title
  }
`);

const SLIDE_MS = 5000;

const useStyles = makeStyles({
  carousel: {
    position: 'relative',
    // A fixed 3:1 box: nothing below moves when the pictures arrive.
    aspectRatio: '3 / 1',
    overflow: 'hidden',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
    flexGrow: 1,
    minWidth: 0,
  },
  slide: { position: 'absolute', inset: 0, opacity: 0, transitionProperty: 'opacity', transitionDuration: '400ms' },
  current: { opacity: 1, zIndex: 1 },
  image: { display: 'block', width: '100%', height: '100%', objectFit: 'cover' },
  dots: {
    position: 'absolute',
    zIndex: 2,
    bottom: '10px',
    left: 0,
    right: 0,
    display: 'flex',
    justifyContent: 'center',
    gap: '8px',
    // A phone's slide is too narrow for a centred row: it would cover the picture's 立即查看 at the left.
    '@media (max-width: 600px)': { justifyContent: 'flex-end', gap: 0, bottom: '4px', right: '4px', left: 'auto' },
  },
  dot: {
    ...bareButton,
    width: '24px',
    height: '24px',
    '::before': {
      content: '""',
      display: 'block',
      width: '10px',
      height: '10px',
      margin: '0 auto',
      borderRadius: '50%',
      backgroundColor: 'rgba(255,255,255,0.6)',
    },
  },
  dotCurrent: { '::before': { backgroundColor: tokens.colorBrandBackground } },
});

/** The home carousel: one slide at a time, changing every 5 s unless hovered, focused or reduced motion is set. */
export function HomeCarousel({ banners }: { banners: readonly HomeCarousel_BannerFragment[] }) {
  const styles = useStyles();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = banners.length;

  useEffect(() => {
    if (count < 2 || paused || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % count), SLIDE_MS);
    return () => window.clearInterval(timer);
  }, [count, paused]);

  if (count === 0) return <div className={styles.carousel} aria-hidden />;
  const shown = index % count;
  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label="活动推荐"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {banners.map((banner, position) => (
        <div
          key={banner.id}
          className={mergeClasses(styles.slide, position === shown && styles.current)}
          aria-roledescription="slide"
          aria-label={`${position + 1} / ${count}`}
          aria-hidden={position !== shown}
          inert={position !== shown}
        >
          <SiteLink url={banner.url}>
            <img
              className={styles.image}
              src={banner.image}
              alt={banner.title}
              loading={position === 0 ? 'eager' : 'lazy'}
              fetchPriority={position === 0 ? 'high' : 'auto'}
            />
          </SiteLink>
        </div>
      ))}
      {count > 1 ? (
        <div className={styles.dots}>
          {banners.map((banner, position) => (
            <button
              key={banner.id}
              type="button"
              className={mergeClasses(styles.dot, position === shown && styles.dotCurrent)}
              aria-label={`第 ${position + 1} 张：${banner.title}`}
              aria-current={position === shown}
              onClick={() => setIndex(position)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
