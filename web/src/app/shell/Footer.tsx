import { makeStyles, tokens } from '@fluentui/react-components';
import { config } from '../../config';
import { graphql } from '../../gql';
import type { Footer_HelpCategoryFragment, Footer_LinkFragment, Footer_SellerFragment } from '../../gql/graphql';
import { HelpArticleLinks } from '../../components/HelpArticleLinks';
import { SiteLink } from '../../components/SiteLink';
import { PHONE_CART_GUTTER_PX } from './phone-cart';

export const FooterHelpCategoryFragment = graphql(`
  fragment Footer_helpCategory on HelpCategory {
    id
    name
    articles {
      ...HelpArticleLinks_article
    }
  }
`);

export const FooterSellerFragment = graphql(`
  fragment Footer_seller on Seller {
    name
    drugLicence
    internetDrugLicence
  }
`);

export const FooterLinkFragment = graphql(`
  fragment Footer_link on Link {
    name
    url
  }
`);

const useStyles = makeStyles({
  footer: {
    marginTop: '32px',
    backgroundColor: tokens.colorNeutralBackground1,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground3,
    // SSR-03: below every page's first screen: no style, layout or paint until the buyer scrolls near it.
    contentVisibility: 'auto',
    containIntrinsicHeight: 'auto 299px',
    '@media (max-width: 600px)': { containIntrinsicHeight: 'auto 459px' },
  },
  inner: {
    maxWidth: '1200px',
    margin: '0 auto',
    padding: '24px 12px',
    // SHELL-24: the phone's cart button keeps its strip at the right edge over the footer too.
    '@media (max-width: 600px)': { paddingRight: `${PHONE_CART_GUTTER_PX}px` },
  },
  help: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))',
    gap: '16px',
    paddingBottom: '16px',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  heading: { margin: '0 0 8px', fontSize: tokens.fontSizeBase300, color: tokens.colorNeutralForeground1 },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'grid' },
  // SHELL-23 (WCAG 2.2 2.5.8): 24 px tall targets, which take the gap the list had between its lines.
  link: {
    display: 'inline-flex',
    alignItems: 'center',
    minHeight: '24px',
    color: tokens.colorNeutralForeground3,
    textDecorationLine: 'none',
    ':hover': { color: tokens.colorBrandForeground1 },
  },
  // SHELL-21: the partner sites (友情链接), one wrapping row under the help articles; another site opens in a new
  // window (SiteLink).
  partners: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '0 16px',
    padding: '12px 0',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  partnersTitle: { color: tokens.colorNeutralForeground2 },
  legal: { paddingTop: '16px', textAlign: 'center', display: 'grid', gap: '4px' },
});

export function Footer({
  helpCategories,
  links = [],
  seller = null,
}: {
  helpCategories: readonly Footer_HelpCategoryFragment[];
  /** SHELL-21: the partner sites (/api/global/links). */
  links?: readonly Footer_LinkFragment[];
  /** INFO-08: the seller the e-contract, transfers and invoices name; the build's name until it is read. */
  seller?: Footer_SellerFragment | null;
}) {
  const styles = useStyles();
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        {helpCategories.length > 0 ? (
          <nav className={styles.help} aria-label="帮助中心">
            {helpCategories.map((category) => (
              <section key={category.id}>
                <h2 className={styles.heading}>{category.name}</h2>
                <HelpArticleLinks articles={category.articles} className={styles.list} linkClassName={styles.link} />
              </section>
            ))}
          </nav>
        ) : null}
        {links.length > 0 ? (
          <nav className={styles.partners} aria-label="友情链接">
            <span className={styles.partnersTitle}>友情链接</span>
            {links.map((link) => (
              <SiteLink key={`${link.name} ${link.url ?? ''}`} className={styles.link} url={link.url}>
                {link.name}
              </SiteLink>
            ))}
          </nav>
        ) : null}
        <div className={styles.legal}>
          <span>
            互联网药品信息服务资格证书：{seller?.internetDrugLicence ?? '（待公示）'} | 药品经营许可证：
            {seller?.drugLicence ?? '（待公示）'} | ICP 备案号：（待公示）
          </span>
          <span>
            Copyright © {year} {seller?.name ?? config.companyName} 版权所有
          </span>
        </div>
      </div>
    </footer>
  );
}

export default Footer;
