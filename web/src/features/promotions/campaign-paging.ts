import { useSearchParams } from 'react-router';
import { pageVariables } from '../../shared/list-page/list-search';

/** Goods per page of a campaign's list. */
export const CAMPAIGN_PAGE_SIZE = 20;

/** The page the address names (`?page=2`; a missing or malformed one is the first, CATALOG-05). */
export function campaignPageVariables(params: URLSearchParams) {
  return pageVariables(params, CAMPAIGN_PAGE_SIZE);
}

/** The address's page and how to go to another, keeping the rest of the query; page 1 keeps no `page`. */
export function useCampaignPage() {
  const [params, setParams] = useSearchParams();
  const goTo = (page: number) => {
    const next = new URLSearchParams(params);
    if (page === 1) next.delete('page');
    else next.set('page', String(page));
    setParams(next);
    window.scrollTo({ top: 0 });
  };
  return { params, variables: campaignPageVariables(params), goTo };
}
