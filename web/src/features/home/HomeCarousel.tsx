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
  carousel: { position: 'relative', flexGrow: 1, minWidth: 0 },
  // A fixed 3:1 box: nothing below moves when the pictures arrive.
  frame: {
    position: 'relative',
    aspectRatio: '3 / 1',
    overflow: 'hidden',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
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
    // SHELL-24: a phone's slide is too small for anything on it; the dots sit in a row under the picture, where they
    // cover no 立即查看 or other part of it. Its height is there from the first render: nothing moves below.
    '@media (max-width: 600px)': { position: 'static', flexWrap: 'wrap', gap: 0 },
  },
  dot: {
    ...bareButton,
    flexShrink: 0,
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

  if (count === 0) {
    return (
      <div className={styles.carousel} aria-hidden>
        <div className={styles.frame} />
      </div>
    );
  }
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
      <div className={styles.frame}>
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
      </div>
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
