import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { Button, Checkbox, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { graphql } from '../../gql';
import type { GoodsFacetKey, GoodsFacetsQuery, GoodsFilter } from '../../gql/graphql';
import { clearFacets, FACET_PARAMS, toggleFacet } from '../../shared/facet-params';

export const GoodsFacetsQueryDocument = graphql(`
  query GoodsFacets($filter: GoodsFilter) {
    goodsFacets(filter: $filter) {
      total
      facets {
        key
        name
        more
        values {
          value
          name
          count
          selected
        }
      }
    }
  }
`);

type Facet = GoodsFacetsQuery['goodsFacets']['facets'][number];

/** FACET-06: a long facet shows this many values until the buyer asks for 更多. */
export const FACET_SHOWN = 8;

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: '12px' },
  group: { border: 'none', margin: 0, padding: 0, minWidth: 0 },
  legend: {
    padding: 0,
    marginBottom: '4px',
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase300,
  },
  values: { display: 'flex', flexDirection: 'column' },
  count: { color: tokens.colorNeutralForeground3, marginLeft: '2px' },
  more: { alignSelf: 'flex-start' },
  note: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, margin: 0 },
  chips: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '6px', marginBottom: '8px' },
});

/** A route loader's read of the facets, the same as the panel's, so that the server renders the page in one pass. */
export function preloadGoodsFacets(client: ApolloClient, filter: GoodsFilter): Promise<unknown> {
  return client.query({ query: GoodsFacetsQueryDocument, variables: { filter }, errorPolicy: 'all' });
}

/** The facets of `filter`'s list (one request, shared by the panel, the drawer and the chips through the cache). */
export function useGoodsFacets(filter: GoodsFilter) {
  return useQuery(GoodsFacetsQueryDocument, { variables: { filter }, errorPolicy: 'all' });
}

function FacetGroup({
  facet,
  chosen,
  onToggle,
}: {
  facet: Facet;
  /** The values the address chooses: ticked at once, before the new counts come. */
  chosen: readonly string[];
  onToggle: (key: GoodsFacetKey, value: string) => void;
}) {
  const styles = useStyles();
  const [expanded, setExpanded] = useState(false);
  // Values nothing is left of are not offered, unless chosen (FACET-03: then they can be cleared).
  const offered = facet.values.filter((v) => v.count > 0 || v.selected || chosen.includes(v.value));
  if (offered.length === 0) return null;
  const long = offered.length > FACET_SHOWN;
  const shown = long && !expanded ? offered.slice(0, FACET_SHOWN) : offered;
  const hidden = offered.length - shown.length;
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{facet.name}</legend>
      <div className={styles.values}>
        {shown.map((v) => (
          <Checkbox
            key={v.value}
            checked={chosen.includes(v.value)}
            onChange={() => onToggle(facet.key, v.value)}
            label={
              <>
                {v.name}
                <span className={styles.count}>（{v.count}）</span>
              </>
            }
          />
        ))}
      </div>
      {long ? (
        <Button
          className={styles.more}
          size="small"
          appearance="transparent"
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? '收起' : `更多（${hidden}）`}
        </Button>
      ) : null}
      {expanded && facet.more > 0 ? (
        <p className={styles.note}>另有 {facet.more} 项较少的选项，可搜索缩小范围</p>
      ) : null}
    </fieldset>
  );
}

/** FACET-01: every facet of the list with its values' counts; choosing one goes into the address (FACET-08). */
export function FacetPanel({ filter }: { filter: GoodsFilter }) {
  const styles = useStyles();
  const [params, setParams] = useSearchParams();
  const { data, previousData, error } = useGoodsFacets(filter);
  const toggle = (key: GoodsFacetKey, value: string) => setParams(toggleFacet(params, key, value));
  // The counts before a choice stay on screen until the new ones come, rather than the panel blinking away.
  const facets = (data ?? previousData)?.goodsFacets.facets;
  if (!facets)
    return error ? <p className={styles.note}>筛选条件暂时无法加载</p> : <p className={styles.note}>筛选条件加载中</p>;
  return (
    <div className={styles.panel}>
      {facets.map((facet) => (
        <FacetGroup key={facet.key} facet={facet} chosen={params.getAll(FACET_PARAMS[facet.key])} onToggle={toggle} />
      ))}
    </div>
  );
}

/** FACET-08: the chosen values, each clearable by itself, and 清除筛选 for all of them. */
export function FacetChips({ filter }: { filter: GoodsFilter }) {
  const styles = useStyles();
  const [params, setParams] = useSearchParams();
  const { data, previousData } = useGoodsFacets(filter);
  const chosen = ((data ?? previousData)?.goodsFacets.facets ?? []).flatMap((facet) =>
    facet.values.filter((v) => v.selected).map((v) => ({ facet, value: v })),
  );
  if (chosen.length === 0) return null;
  return (
    <div className={styles.chips} role="group" aria-label="已选筛选条件">
      {chosen.map(({ facet, value }) => (
        <Button
          key={`${facet.key}:${value.value}`}
          size="small"
          shape="circular"
          aria-label={`取消筛选 ${facet.name}：${value.name}`}
          onClick={() => setParams(toggleFacet(params, facet.key, value.value))}
        >
          {value.name} ×
        </Button>
      ))}
      <Button size="small" appearance="subtle" onClick={() => setParams(clearFacets(params))}>
        清除筛选
      </Button>
    </div>
  );
}
