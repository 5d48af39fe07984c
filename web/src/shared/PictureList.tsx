import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';

// SHELL-28: the pictures of a buyer's request, as attached (UploadedPictures.tsx) and as sent.
/** The row of pictures and each thumbnail's frame, shared with the pictures being attached. */
export const usePictureStyles = makeStyles({
  list: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  thumb: {
    objectFit: 'cover',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  small: { width: '72px', height: '72px' },
  large: { width: '96px', height: '96px' },
});

/** A picture as the gateway serves it back (FILE-02); an upload's answer also says its type. */
export interface Picture {
  id: string;
  name: string;
  url: string;
  mime?: string;
}

/** What the pictures are called on the screen: 图片 (feedback) or 照片 (a return's evidence). */
export type PictureNoun = '图片' | '照片';

/** A PDF is shown by its name, not as a picture: by its type where the upload said it, else by its name. */
export function isPdf(picture: Pick<Picture, 'name' | 'mime'>): boolean {
  return picture.mime === 'application/pdf' || /\.pdf$/i.test(picture.name);
}

export function Thumbnail({ picture, size }: { picture: Picture; size: 'small' | 'large' }) {
  const styles = usePictureStyles();
  return isPdf(picture) ? (
    <>{picture.name}</>
  ) : (
    <img className={mergeClasses(styles.thumb, styles[size])} src={picture.url} alt={picture.name} />
  );
}

/**
 * SHELL-28: the pictures of a sent request, each a thumbnail (a PDF its name) that opens the file whole in a new
 * window, named 「查看{noun} {name}」.
 */
export function PictureList({
  pictures,
  noun,
  label,
  size = 'small',
}: {
  pictures: readonly Picture[];
  noun: PictureNoun;
  /** The list's accessible name, where a page has more than one list of pictures. */
  label?: string | undefined;
  size?: 'small' | 'large';
}) {
  const styles = usePictureStyles();
  return (
    <ul className={styles.list} aria-label={label}>
      {pictures.map((picture) => (
        <li key={picture.id}>
          <a href={picture.url} target="_blank" rel="noreferrer" aria-label={`查看${noun} ${picture.name}`}>
            <Thumbnail picture={picture} size={size} />
          </a>
        </li>
      ))}
    </ul>
  );
}
