/**
 * Chooses the first server of the definition when none (or one no longer listed) is chosen, as the
 * explorer's Server control does when it renders. The explorer now renders only on "Try it", but
 * the page shows the chosen server's base URL above the operation from the start.
 *
 * The page also renders on the server and hydrates with ApiItem's store without state (no server
 * list): until ApiItem replaces it with the browser's store, there is nothing to choose from.
 */
import {useEffect} from 'react';
import {useTypedDispatch, useTypedSelector} from '@theme/ApiItem/hooks';
import {setServer} from '@theme/ApiExplorer/Server/slice';

type ServerState = {server: {value?: {url: string}; options?: {url: string}[]}};

export function useDefaultServer(): void {
  const value = useTypedSelector((state: ServerState) => state.server.value);
  const options = useTypedSelector((state: ServerState) => state.server.options);
  const dispatch = useTypedDispatch();
  useEffect(() => {
    if (!options) return;
    const first = options[0];
    if (first && (!value || !options.some((s) => s.url === value.url))) dispatch(setServer(JSON.stringify(first)));
  }, [dispatch, options, value]);
}
