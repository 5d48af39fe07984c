import { graphql } from '../../gql';

/**
 * Everything the frame of every page shows, in one request composed of the fragments of the parts that read it.
 * `me` also answers the shared viewer query (same cache field), so nothing asks twice who is signed in.
 */
export const ShellQuery = graphql(`
  query Shell {
    me {
      id
      username
      company
      ...TopBar_user
    }
    site {
      ...TopBar_site
      ...Header_site
      ...SideBar_site
    }
    categories {
      id
      ...CategoryMenu_category
    }
    navLinks {
      id
      ...NavBar_link
    }
    hotSearches {
      name
      url
    }
    topBanners: banners(slot: TOP) {
      id
      image
      url
      title
    }
    helpCategories {
      ...Footer_helpCategory
    }
  }
`);
