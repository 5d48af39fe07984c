// Opening a page of the marketplace as a browser does, for the suites that read server-rendered HTML.

export interface Landing {
  /** Where the address ends after the redirects the browser would follow. */
  path: string;
  status: number;
  html: string;
}

/** Opens an address as the browser does, following redirects (a member page sends a visitor to sign in). */
export async function land(base: string, href: string, headers: Record<string, string> = {}): Promise<Landing> {
  let url = new URL(href, base);
  for (let hop = 0; hop < 5; hop += 1) {
    const response = await fetch(url, { headers, redirect: 'manual' });
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location !== null) {
      await response.body?.cancel();
      url = new URL(location, url);
      continue;
    }
    return { path: url.pathname, status: response.status, html: await response.text() };
  }
  throw new Error(`${href} redirects more than five times`);
}
