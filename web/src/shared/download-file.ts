/** Files the gateway relays with the buyer's session (ORDER-18, FIRST-06), fetched and saved under their own names. */

/**
 * The file name a download is saved under: the UTF-8 name of `filename*` (RFC 5987) when the answer has one, else
 * the plain `filename`, else `fallback`.
 */
export function attachmentName(header: string | null, fallback: string): string {
  if (header === null) return fallback;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended !== undefined) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed escape: the plain name below.
    }
  }
  return /filename\s*=\s*"([^"]+)"/i.exec(header)?.[1] ?? fallback;
}

/**
 * Fetches a file the gateway relays with the buyer's session (ORDER-18, FIRST-06) and saves it under the name the answer
 * gives. Resolves with undefined once saved, or the sentence to show: the gateway's own words for a refusal (no
 * order in the range, a range too long), a generic one when the network failed.
 */
export async function downloadFile(href: string, fallbackName: string): Promise<string | undefined> {
  let res: Response;
  try {
    res = await fetch(href, { credentials: 'same-origin' });
  } catch {
    return '网络异常，文件未能下载，请稍后重试';
  }
  if (!res.ok) {
    if (res.status === 401) return '登录已失效，请重新登录后再下载';
    const text = (await res.text().catch(() => '')).trim();
    // Only a short plain sentence is the gateway's own; anything else (a proxy's page) is not shown as it is.
    return text !== '' && text.length <= 200 && !text.startsWith('<') ? text : '系统繁忙，请稍候再试';
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = attachmentName(res.headers.get('content-disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the address is freed after that turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return undefined;
}
