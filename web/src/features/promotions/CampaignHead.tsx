import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BannerHead } from '../../components/BannerHead';
import { SectionHeading } from '../../components/SectionHeading';
import { graphql } from '../../gql';
import type { CampaignHead_CampaignFragment } from '../../gql/graphql';
import { formatDateTime } from '../../shared/time';

export const CampaignHeadFragment = graphql(`
  fragment CampaignHead_campaign on Campaign {
    id
    title
    subtitle
    running
    startsAt
    endsAt
    rules
    banners {
      id
      image
      url
      title
    }
  }
`);

const useStyles = makeStyles({
  banners: { display: 'grid', gap: tokens.spacingVerticalS, marginBottom: tokens.spacingVerticalM },
  // Drawn whole at the width of the page: a cropped banner cut off its 立即查看 button. The space is held at the
  // banners' 4:1 until the picture says its own proportions, so nothing below it moves when it arrives.
  banner: { display: 'block', width: '100%', height: 'auto', aspectRatio: 'auto 4 / 1' },
  bannerLink: { display: 'block', borderRadius: tokens.borderRadiusMedium, overflow: 'hidden' },
  line: { margin: `${tokens.spacingVerticalXS} 0 0`, overflowWrap: 'anywhere' },
  rules: {
    margin: `0 0 ${tokens.spacingVerticalL}`,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL} ${tokens.spacingVerticalM} 36px`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    lineHeight: tokens.lineHeightBase400,
  },
});

/** The period as buyers read it, in China time: 活动时间：2026/11/22 00:00 至 2026/12/22 00:00. */
export function periodText(campaign: { startsAt: string; endsAt: string }): string {
  return `活动时间：${formatDateTime(campaign.startsAt)} 至 ${formatDateTime(campaign.endsAt)}`;
}

/**
 * A campaign page's opening: its banners (each leading where it says), the red head with the title, whether it runs
 * or is about to start, its subtitle and period, what the page adds (`children`, the cashback tiers), then the rules.
 */
export function CampaignHead({
  campaign,
  aside = null,
  children,
}: {
  campaign: CampaignHead_CampaignFragment;
  aside?: ReactNode;
  children?: ReactNode;
}) {
  const styles = useStyles();
  const titleId = `campaign-${campaign.id}-title`;
  return (
    <>
      {campaign.banners.length > 0 ? (
        <div className={styles.banners}>
          {campaign.banners.map((banner) => {
            const image = <img className={styles.banner} src={banner.image} alt={banner.title} />;
            return banner.url ? (
              <Link key={banner.id} className={styles.bannerLink} to={banner.url}>
                {image}
              </Link>
            ) : (
              <div key={banner.id} className={styles.bannerLink}>
                {image}
              </div>
            );
          })}
        </div>
      ) : null}
      <BannerHead
        title={campaign.title}
        titleId={titleId}
        label={campaign.running ? '进行中' : '即将开始'}
        labelMuted={!campaign.running}
        aside={aside}
      >
        {campaign.subtitle ? <p className={styles.line}>{campaign.subtitle}</p> : null}
        <p className={styles.line}>{periodText(campaign)}</p>
        {children}
      </BannerHead>
      {campaign.rules.length > 0 ? (
        <section aria-labelledby={`${titleId}-rules`}>
          <SectionHeading as="h2" id={`${titleId}-rules`}>
            活动规则
          </SectionHeading>
          <ol className={styles.rules}>
            {campaign.rules.map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ol>
        </section>
      ) : null}
    </>
  );
}
