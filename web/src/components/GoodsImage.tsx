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

export function GoodsImage({ src, alt, size }: { src: string | undefined; alt: string; size?: number }) {
  const styles = useStyles();
  return (
    <div className={styles.box} style={size ? { width: size } : undefined}>
      {src ? (
        <img className={styles.img} src={src} alt={alt} loading="lazy" decoding="async" />
      ) : (
        <span className={styles.placeholder} role="img" aria-label={alt}>
          暂无图片
        </span>
      )}
    </div>
  );
}
