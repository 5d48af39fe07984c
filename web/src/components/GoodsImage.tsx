import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  // A fixed square box: the page does not shift when the picture arrives.
  box: {
    position: 'relative',
    aspectRatio: '1 / 1',
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusSmall,
  },
  img: { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain' },
  placeholder: {
    position: 'absolute',
    inset: 0,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    color: tokens.colorNeutralForeground4,
    fontSize: tokens.fontSizeBase200,
  },
});

/**
 * A goods picture in a square box. `priority` marks the largest picture of the view (a goods detail's): the browser
 * asks for it first, from the server-rendered HTML, instead of waiting to find it is in view (ADR 0310).
 */
export function GoodsImage({
  src,
  alt,
  size,
  priority = false,
}: {
  src: string | undefined;
  alt: string;
  size?: number;
  priority?: boolean;
}) {
  const styles = useStyles();
  return (
    <div className={styles.box} style={size ? { width: size } : undefined}>
      {src ? (
        <img
          className={styles.img}
          src={src}
          alt={alt}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          fetchPriority={priority ? 'high' : 'auto'}
        />
      ) : (
        <span className={styles.placeholder} role="img" aria-label={alt}>
          暂无图片
        </span>
      )}
    </div>
  );
}
