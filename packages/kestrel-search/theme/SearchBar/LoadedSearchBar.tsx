/**
 * The plugin's search box with what it needs before its first index loads. Loaded on demand by
 * ./index.tsx (the first time the reader reaches for search), so lunr, autocomplete-js and the
 * plugin's client stay out of the first page load.
 */
import SearchBar from '@kestrel-search/upstream-search-bar';
import {registerQueryStopWords} from '../../../../config/search-query-stop-words';
import {registerQuerySynonyms} from '../../../../config/search-synonyms';
import {registerQueryCompounds} from '../../../../config/search-query-compounds';
// The plugin's client loads its indexes with this lunr: the query functions the index files name
// must be registered on it before the first index loads (lunr refuses an index whose pipeline
// names an unknown function).
import lunr from '@cmfcmf/docusaurus-search-local/lib/lunr.js';

registerQueryStopWords(lunr);
registerQuerySynonyms(lunr);
// The query's adjacent words also written together, to meet API identifiers (not a pipeline step:
// it needs the words around each word).
registerQueryCompounds(lunr);

export default SearchBar;
