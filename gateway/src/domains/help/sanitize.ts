import sanitizeHtml from 'sanitize-html';

/**
 * INFO-02: the one place stored rich text (help articles, the privacy policy, news) becomes HTML a client may insert
 * as it is, web and mobile alike. An allow-list, not a deny-list: only text structure survives — no scripts, no
 * styles or classes, no event attributes, no frames or forms, and links and images only with http(s) addresses
 * (links also mailto:/tel: and same-site paths). ADR 0119.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'blockquote',
    'a',
    'img',
    'table',
    'caption',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Scripts, styles and the like go with their text; other unknown tags give way to their text.
  disallowedTagsMode: 'discard',
  transformTags: {
    // The page's own title is its only h1.
    h1: 'h2',
    // An outside address opens in a new tab without handing it this page (reverse tabnabbing); whatever the
    // author wrote for target and rel is replaced.
    a: (tagName, attribs) => {
      const { href, title } = attribs;
      const outside = href !== undefined && /^\s*https?:/i.test(href);
      return {
        tagName,
        attribs: {
          ...(href === undefined ? {} : { href }),
          ...(title === undefined ? {} : { title }),
          ...(outside ? { target: '_blank', rel: 'noopener noreferrer' } : {}),
        },
      };
    },
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
