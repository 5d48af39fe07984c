import { useEffect } from 'react';
import { config } from '../config';
import { composeTitle } from './title';

/** For routes whose handle says `titleFromPage`: the document is titled after what the page shows. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = composeTitle(title, config.siteTitle);
  }, [title]);
}
