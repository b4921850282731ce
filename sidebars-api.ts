import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

const sidebars: SidebarsConfig = {
  'openapi-sidebar-default': [{type: 'doc', id: 'index', label: 'Overview'}],
};

export default sidebars;
