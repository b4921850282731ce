/**
 * Adds `themeConfig.prism.additionalLanguages` (bash, for the curl command) to the Prism the
 * theme's CodeBlock highlights with. theme-classic does this in a client module at every page's
 * start-up; the portal removed that (packages/kestrel-theme/bundler/prism-on-demand.ts), since the
 * explorer is the only place the browser highlights code. Imported by the explorer before CodeBlock.
 */
import {Prism} from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';

prismIncludeLanguages(Prism);
