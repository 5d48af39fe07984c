import type { ApolloCache } from '@apollo/client';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { graphql } from '../../gql';
import type { DrawResult_RecordFragment } from '../../gql/graphql';
import { DRAW_REVEAL_MS, revealNoSoonerThan } from './lucky-draw';
import { ViewerQuery } from '../../shared/viewer';

export const DrawResultFragment = graphql(`
  fragment DrawResult_record on DrawRecord {
    id
    drawId
    drawName
    drawnAt
    prize {
      id
      name
      remarks
      isWin
    }
  }
`);

export const DrawLuckyDrawMutation = graphql(`
  mutation DrawLuckyDraw($id: ID!) {
    drawLuckyDraw(id: $id) {
      id
      ...DrawResult_record
    }
  }
`);

export type DrawPhase = { kind: 'ready' } | { kind: 'drawing' } | { kind: 'done'; record: DrawResult_RecordFragment };

/**
 * Marks the draw joined with its result in the cache, so neither the home pop-up nor the draw's page offers it again,
 * and drops the cached pages of 我的抽奖, which gain the record.
 */
function recordDrawn(cache: ApolloCache, drawId: string, recordId: string): void {
  cache.modify({
    id: cache.identify({ __typename: 'LuckyDraw', id: drawId }),
    fields: {
      joined: () => true,
      myResult: (_value, { toReference }) => toReference({ __typename: 'DrawRecord', id: recordId }) ?? null,
    },
  });
  const me = cache.readQuery({ query: ViewerQuery })?.me;
  if (me) cache.evict({ id: cache.identify({ __typename: 'User', id: me.id }), fieldName: 'drawRecords' });
}

/**
 * One draw in a lucky draw: the server decides, the buyer sees 正在抽奖… until both the answer has come and 2 s have
 * passed (DRAW-02). Only then is the cache told, because the draw's page shows the buyer's result from it. A refusal
 * (not started, ended) has been told by the error link; the buyer is back where they were.
 */
export function useLuckyDrawing(drawId: string) {
  const [phase, setPhase] = useState<DrawPhase>({ kind: 'ready' });
  const client = useApolloClient();
  const [draw] = useMutation(DrawLuckyDrawMutation);

  async function start(): Promise<void> {
    if (phase.kind !== 'ready') return;
    setPhase({ kind: 'drawing' });
    try {
      const result = await revealNoSoonerThan(draw({ variables: { id: drawId } }), DRAW_REVEAL_MS);
      const record = result.data?.drawLuckyDraw;
      // Told even when the pop-up was closed while waiting: the draw was made.
      if (record) recordDrawn(client.cache, drawId, record.id);
      setPhase(record ? { kind: 'done', record } : { kind: 'ready' });
    } catch {
      setPhase({ kind: 'ready' });
    }
  }

  return { phase, start };
}
