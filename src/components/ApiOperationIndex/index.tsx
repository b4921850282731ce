/**
 * Every operation of the reference, by group, on /api once the sidebar draws its groups collapsed
 * (config/api-sidebar.ts: past that many operations a page carries only its own group's links).
 * A reader without JavaScript, or a crawler, still reaches every page from here. While the groups
 * are drawn open the sidebar is this list, and this renders nothing.
 */
import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import {useDocsSidebar} from '@docusaurus/plugin-content-docs/client';
import type {PropSidebarItem, PropSidebarItemCategory, PropSidebarItemLink} from '@docusaurus/plugin-content-docs';

const isCollapsedGroup = (item: PropSidebarItem): item is PropSidebarItemCategory =>
  item.type === 'category' && item.collapsed;
const isLink = (item: PropSidebarItem): item is PropSidebarItemLink => item.type === 'link';

export default function ApiOperationIndex(): ReactNode {
  const groups = (useDocsSidebar()?.items ?? []).filter(isCollapsedGroup);
  if (groups.length === 0) return null;
  return (
    <section className="api-operation-index">
      <Heading as="h2" id="operations">
        Operations
      </Heading>
      {groups.map((group) => (
        <React.Fragment key={group.label}>
          <Heading as="h3">{group.href ? <Link to={group.href}>{group.label}</Link> : group.label}</Heading>
          <ul>
            {group.items.filter(isLink).map((item) => (
              <li key={item.href}>
                <Link to={item.href}>{item.label}</Link>
              </li>
            ))}
          </ul>
        </React.Fragment>
      ))}
    </section>
  );
}
