import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useSearchParams } from 'react-router';
import { Navigate } from '../../shared/navigate';
import { EmptyState } from '../../components/EmptyState';
import { graphql } from '../../gql';
import type { CampaignTemplateKind } from '../../gql/graphql';
import { usePageTitle } from '../../shared/page-title';
import { preloadAll } from '../../shared/preload';
import { CampaignBody } from './CampaignBody';

export const CampaignTemplateQuery = graphql(`
  query CampaignTemplate($id: ID!, $kind: CampaignTemplateKind!) {
    campaignTemplate(id: $id, kind: $kind) {
      id
      title
      ...CampaignBody_campaign
    }
  }
`);

/** The template the address names (`?id=`), or null when it names none. */
export function templateIdParam(params: URLSearchParams): string | null {
  const id = params.get('id')?.trim() ?? '';
  return id === '' ? null : id;
}

export async function preload(client: ApolloClient, kind: CampaignTemplateKind, params: URLSearchParams) {
  const id = templateIdParam(params);
  return preloadAll(id === null ? null : client.query({ query: CampaignTemplateQuery, variables: { id, kind } }));
}

const NAMES: Record<CampaignTemplateKind, string> = { ZONE: '专区', ACTIVITY: '活动' };

function Template({ id, kind }: { id: string; kind: CampaignTemplateKind }) {
  const { data, loading, error } = useQuery(CampaignTemplateQuery, { variables: { id, kind } });
  const template = data?.campaignTemplate;
  // The route has no title of its own: the page names itself after the template.
  usePageTitle(template?.title ?? NAMES[kind]);
  if (data && template === null) return <Navigate to="/noActivity" replace />;
  if (!template) {
    return <EmptyState title={loading ? `${NAMES[kind]}加载中` : error ? `${NAMES[kind]}暂时无法加载` : '加载中'} />;
  }
  return <CampaignBody campaign={template} headingId={`template-${template.id}-activities`} />;
}

/**
 * /zqmb and /hdmb (专区模板, 活动模板): a zone or activity stored as a template, by `?id=` — banner, title, period,
 * featured activities and floors of goods. No id, an unknown or ended template, or one of the other kind: /noActivity
 * (PROMO-05).
 */
export function TemplatePage({ kind }: { kind: CampaignTemplateKind }) {
  const [params] = useSearchParams();
  const id = templateIdParam(params);
  if (id === null) return <Navigate to="/noActivity" replace />;
  return <Template key={`${kind}-${id}`} id={id} kind={kind} />;
}
