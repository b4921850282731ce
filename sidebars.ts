import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import {GUIDE_CATEGORIES} from './config/routes';

// Categories have no link of their own: a generated index page would add a route that no guide's
// front matter declares.
const sidebars: SidebarsConfig = {
  tutorialSidebar: GUIDE_CATEGORIES.map((category) => ({
    type: 'category' as const,
    label: category.label,
    items: [...category.ids],
  })),
};

export default sidebars;
