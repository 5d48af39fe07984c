import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { GoodsImage } from '../../components/GoodsImage';
import { graphql } from '../../gql';
import type { GoodsGallery_GoodsFragment } from '../../gql/graphql';

export const GoodsGalleryFragment = graphql(`
  fragment GoodsGallery_goods on Goods {
    id
    name
    images
  }
`);

const useStyles = makeStyles({
  gallery: { display: 'grid', gap: '8px', alignContent: 'start' },
  thumbs: { display: 'flex', gap: '8px', flexWrap: 'wrap', margin: 0, padding: 0, listStyleType: 'none' },
  thumb: {
    width: '64px',
    padding: '2px',
    border: `2px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    cursor: 'pointer',
  },
  current: { border: `2px solid ${tokens.colorBrandStroke1}` },
});

/** The main picture in a fixed square (nothing shifts when it arrives) and a strip to choose another. */
export function GoodsGallery({ goods }: { goods: GoodsGallery_GoodsFragment }) {
  const styles = useStyles();
  const [index, setIndex] = useState(0);
  const shown = Math.min(index, Math.max(0, goods.images.length - 1));
  return (
    <div className={styles.gallery}>
      <GoodsImage src={goods.images[shown]} alt={goods.name} priority />
      {goods.images.length > 1 ? (
        <ul className={styles.thumbs} aria-label="商品图片">
          {goods.images.map((image, i) => (
            <li key={image}>
              <button
                type="button"
                className={mergeClasses(styles.thumb, i === shown && styles.current)}
                aria-label={`查看第 ${i + 1} 张图片`}
                aria-pressed={i === shown}
                onClick={() => setIndex(i)}
                onMouseEnter={() => setIndex(i)}
              >
                <GoodsImage src={image} alt="" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
