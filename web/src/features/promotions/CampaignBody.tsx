import { graphql } from '../../gql';
import type { CampaignBody_CampaignFragment } from '../../gql/graphql';
import { CampaignHead } from './CampaignHead';
import { CampaignSections } from './CampaignSections';
import { FeaturedActivities } from './FeaturedActivities';

export const CampaignBodyFragment = graphql(`
  fragment CampaignBody_campaign on Campaign {
    id
    ...CampaignHead_campaign
    activities {
      id
      ...FeaturedActivities_activity
    }
    sections {
      id
      ...CampaignSections_section
    }
  }
`);

/**
 * A campaign drawn as a page of floors: its banner and period, its featured activities, then its goods sections. The
 * clinic hub and the stored zone and activity templates are the same page (PROMO-04, PROMO-05).
 */
export function CampaignBody({
  campaign,
  headingId,
  morePath,
}: {
  campaign: CampaignBody_CampaignFragment;
  /** The featured activities' heading id, unique on the page. */
  headingId: string;
  /** Where a section's "more" leads; without it a section shows only its goods. */
  morePath?: (sectionId: string) => string;
}) {
  return (
    <>
      <CampaignHead campaign={campaign} />
      <FeaturedActivities activities={campaign.activities} headingId={headingId} />
      <CampaignSections sections={campaign.sections} morePath={morePath} />
    </>
  );
}
