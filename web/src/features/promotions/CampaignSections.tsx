import { makeStyles, tokens } from '@fluentui/react-components';
import { Link } from 'react-router';
import { CardGrid } from '../../components/CardGrid';
import { EmptyState } from '../../components/EmptyState';
import { graphql } from '../../gql';
import type { CampaignSections_SectionFragment } from '../../gql/graphql';
import { CampaignGoodsCard } from './CampaignGoodsCard';

export const CampaignSectionsFragment = graphql(`
  fragment CampaignSections_section on CampaignSection {
    id
    name
    description
    goodsCount
    goods {
      goods {
        id
      }
      ...CampaignGoodsCard_campaignGoods
    }
  }
`);

const useStyles = makeStyles({
  section: { marginBottom: tokens.spacingVerticalXL },
  head: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'baseline',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    marginBottom: tokens.spacingVerticalM,
    paddingLeft: tokens.spacingHorizontalS,
    borderLeft: `4px solid ${tokens.colorBrandBackground}`,
  },
  heading: { margin: 0, fontSize: tokens.fontSizeBase500 },
  describe: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  more: { marginLeft: 'auto', color: tokens.colorBrandForeground1, fontSize: tokens.fontSizeBase200 },
});

/**
 * The floors of a hub or template: each section's heading and line, its goods as cards, and — when `morePath`
 * gives the section's own list — a link to all of its goods.
 */
export function CampaignSections({
  sections,
  morePath,
}: {
  sections: readonly CampaignSections_SectionFragment[];
  morePath?: (sectionId: string) => string;
}) {
  const styles = useStyles();
  if (sections.length === 0) return <EmptyState title="活动商品正在准备中">过几天再来看看</EmptyState>;
  return (
    <>
      {sections.map((section) => {
        const headingId = `campaign-section-${section.id}`;
        return (
          <section key={section.id} className={styles.section} aria-labelledby={headingId}>
            <div className={styles.head}>
              <h2 id={headingId} className={styles.heading}>
                {section.name}
              </h2>
              {section.description ? <p className={styles.describe}>{section.description}</p> : null}
              {morePath ? (
                <Link className={styles.more} to={morePath(section.id)}>
                  查看{section.name}全部{section.goodsCount}件商品
                </Link>
              ) : null}
            </div>
            {section.goods.length === 0 ? (
              <EmptyState title="该分区暂无商品" />
            ) : (
              <CardGrid label={`${section.name}商品`} minWidth={180} twoOnPhone>
                {section.goods.map((item) => (
                  <li key={item.goods.id}>
                    <CampaignGoodsCard item={item} />
                  </li>
                ))}
              </CardGrid>
            )}
          </section>
        );
      })}
    </>
  );
}
