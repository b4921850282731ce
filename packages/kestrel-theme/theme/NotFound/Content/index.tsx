/**
 * Ejected from @theme/NotFound/Content: the portal's not-found page has its own text ("To get
 * lost is to learn the way. The way back home.") and a "Take Me Home" button, which the original's
 * props cannot express. It also sets the document title: with docs
 * served from `/`, unknown paths render this content inside the docs root, which has no title of
 * its own, so without it the tab would read only the site name.
 */
import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import {PageMetadata} from '@docusaurus/theme-common';
import type {Props} from '@theme/NotFound/Content';

export default function NotFoundContent({className}: Props): ReactNode {
  return (
    <main className={clsx('container margin-vert--xl', className)}>
      <PageMetadata title="Page Not Found" />
      <div className="row">
        <div className="col col--6 col--offset-3">
          <Heading as="h1" className="hero__title">
            Page Not Found
          </Heading>
          <p>To get lost is to learn the way. The way back home.</p>
          <Link className="button button--primary button--lg" to="/">
            Take Me Home
          </Link>
        </div>
      </div>
    </main>
  );
}
