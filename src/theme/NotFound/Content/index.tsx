/**
 * Ejected from @theme/NotFound/Content: the spec fixes the page's text and adds a "Take Me Home"
 * button, which the original's props cannot express. The title stays the stock "Page Not Found".
 */
import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import type {Props} from '@theme/NotFound/Content';

export default function NotFoundContent({className}: Props): ReactNode {
  return (
    <main className={clsx('container margin-vert--xl', className)}>
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
