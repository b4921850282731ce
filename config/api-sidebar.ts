/**
 * How the API sidebar is drawn as the reference grows. Up to `openLimit` operations every group
 * is drawn open, so the sidebar is the reference's table of contents. Past it, a page carrying
 * every operation's link costs more than it gives (at 980 operations, about 230 KiB of each
 * page's HTML): each page draws only its own group open, the other groups are collapsed links to
 * a group page listing their operations (`/api/groups/{group}`), and `/api` lists every operation,
 * so a reader without JavaScript still reaches every page.
 */
import kebabCase from 'lodash/kebabCase.js';

export const API_SIDEBAR = {
  openLimit: 150,
  groupPagePrefix: '/groups/',
};

/** A group page's slug under the reference's base path (`/groups/payouts-and-payout-originators`). */
export const groupPageSlug = (groupName: string): string => `${API_SIDEBAR.groupPagePrefix}${kebabCase(groupName)}`;
