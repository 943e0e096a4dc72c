import { IonInfiniteScroll } from '../ionic/IonInfiniteScroll';
import { IonInfiniteScrollContent } from '../ionic/IonInfiniteScrollContent';

/** What the next page of a list needs from its query (TanStack's infinite query, or a screen's own). */
export interface Paginas {
  hasNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The next page of a server list when the user scrolls to its end (every paged list of the app
 * uses this one): asks once at a time and says "Carregando mais…" meanwhile.
 */
export function MaisPaginas({ consulta, mais }: { consulta: Paginas; /** Instead of the next page (e.g. more rows of the device copy). */ mais?: () => Promise<unknown> | void }) {
  return (
    <IonInfiniteScroll
      disabled={!consulta.hasNextPage}
      onIonInfinite={(e) => {
        void Promise.resolve(mais ? mais() : consulta.fetchNextPage()).finally(() => e.target.complete());
      }}
    >
      <IonInfiniteScrollContent loadingText="Carregando mais…" />
    </IonInfiniteScroll>
  );
}
